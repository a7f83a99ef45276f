import { CARD_EXCERPT_LENGTH, cardExcerpt } from './card-excerpt';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('cardExcerpt', () => {
  it('keeps a short text whole, headings and quotes as plain lines, blank lines left out', () => {
    expect(cardExcerpt('# Title\n\n## Part\n#### Detail\r\n> Said\n>Close\n\n')).toBe(
      'Title\nPart\nDetail\nSaid\nClose',
    );
  });

  it('keeps bold, links and what is not block markup', () => {
    const text = '**Bold** and [a link](https://example.com/a_(b))\n##### Five\n#NoSpace\nA > B';
    expect(cardExcerpt(text)).toBe(text);
  });

  it(`cuts a longer text between words, with '…', at most ${CARD_EXCERPT_LENGTH} characters`, () => {
    const text = words(100);
    const cut = cardExcerpt(text);
    expect(cut.length).toBeLessThanOrEqual(CARD_EXCERPT_LENGTH);
    expect(cut).toMatch(/^word0 word1 .* word\d+…$/);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(text[cut.length - 1]).toBe(' ');
  });

  it('cuts at a line end without keeping it', () => {
    expect(cardExcerpt('alpha beta\ngamma delta', 13)).toBe('alpha beta…');
  });

  it('never cuts a link or a bold span in half', () => {
    const link = '[the budget request](https://www.example.com/budget-request-2026)';
    expect(cardExcerpt(`Read ${link} today`, 40)).toBe('Read…');
    expect(cardExcerpt(`Read ${link} today`, 74)).toBe(`Read ${link}…`);
    expect(cardExcerpt('An **important and rather long point** here', 30)).toBe('An…');
    expect(cardExcerpt('An **important point** here, and more', 30)).toBe('An **important point** here,…');
  });

  it('keeps a word glued to a link with it', () => {
    expect(cardExcerpt('See ([source](https://example.com)). More text follows', 40)).toBe(
      'See ([source](https://example.com)).…',
    );
  });

  it('reads a lone ** or [ as text', () => {
    expect(cardExcerpt('2 ** 3 is [not a link', 12)).toBe('2 ** 3 is…');
  });

  it.each([null, undefined, '', '\n\n'])('is empty for %p', (text) => {
    expect(cardExcerpt(text)).toBe('');
  });
});
