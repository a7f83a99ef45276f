import { teaserText } from './teaser';

describe('teaserText', () => {
  it('turns headings of levels 1 to 4 and quotes into plain lines', () => {
    expect(teaserText('# Title\n## Part\n#### Detail\n> Said\n>Close')).toBe('Title\nPart\nDetail\nSaid\nClose');
  });

  it('keeps bold, links and what is not block markup', () => {
    const text = '**Bold** and [a link](https://example.com)\n##### Five\n#NoSpace\nA > B';
    expect(teaserText(text)).toBe(text);
  });

  it('is empty for an article without text', () => {
    expect(teaserText(null)).toBe('');
  });
});
