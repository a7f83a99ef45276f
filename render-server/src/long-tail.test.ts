/** @jest-environment node */
import { QueryClient } from '@blog/shared/query';
import { isLongTail } from './long-tail';

const url = (address: string) => new URL(address, 'https://blog.test');

/** The reads a page made, as its render leaves them. */
function reads(...done: [unknown[], unknown][]) {
  const client = new QueryClient();
  for (const [key, data] of done) client.setQueryData(key, data);
  return client;
}

describe('the long tail of addresses', () => {
  it('holds every search, whatever it finds', () => {
    const found = reads([['article-summaries', 'naval', 1], { data: [{ title_article: 'Naval power' }] }]);
    expect(isLongTail(url('/Articles?search=naval'), found)).toBe(true);
    expect(isLongTail(url('/Articles?search='), reads())).toBe(true);
  });

  it('holds an address whose parameters name nothing', () => {
    expect(isLongTail(url('/Articles?title=Nothing'), reads([['article', 'Nothing'], null]))).toBe(true);
    expect(isLongTail(url('/Articles?page=99'), reads([['article-summaries', '', 99], { data: [] }]))).toBe(true);
    expect(isLongTail(url('/New-letter?year=1900'), reads([['archive-year', 1900], []]))).toBe(true);
  });

  it('leaves out the site’s own pages', () => {
    const shown = reads(
      [['article', 'Naval power'], { documentId: 'd1' }],
      [['article-comments', 'Naval power'], []],
      [['archive-year', 2024], [{ title_article: 'Naval power' }]],
    );
    expect(isLongTail(url('/Home'), reads())).toBe(false);
    expect(isLongTail(url('/Articles?title=Naval%20power'), shown)).toBe(false);
    expect(isLongTail(url('/New-letter?year=2024'), shown)).toBe(false);
    expect(isLongTail(url('/Articles?page=2'), reads([['article-summaries', '', 2], { data: [{}] }]))).toBe(false);
  });
});
