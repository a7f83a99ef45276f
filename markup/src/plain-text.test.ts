import { indexedText, MARK_END, MARK_START, visibleText } from './plain-text';

describe('visibleText', () => {
  it('keeps the words of every block, one line each, without markup', () => {
    expect(visibleText('# Title\n\n> A **quote** with [a link](https://example.com)\nBody')).toBe(
      'Title\nA quote with a link\nBody',
    );
  });
});

describe('indexedText', () => {
  it('is the markup made plain: headings, quotes, bold and links leave their words only', () => {
    expect(indexedText('## Part\n> Said **bold** and [a link](https://example.com/a_(b)).\n# Top')).toBe(
      'Part\nSaid bold and a link.\nTop',
    );
  });

  it('keeps every line where it stands, blank lines too', () => {
    expect(indexedText('# Title\n\n> Said\r\nBody\n')).toBe('Title\n\nSaid\r\nBody\n');
  });

  it('never holds the characters that mark a match', () => {
    expect(indexedText(`a${MARK_START}b${MARK_END}c`)).toBe('abc');
    expect(indexedText(null)).toBe('');
  });
});
