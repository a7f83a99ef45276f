/** @jest-environment node */
import { queryOf } from './metrics';

describe('the query a read of the CMS is counted under', () => {
  it.each([
    ['http://cms:1337/api/articles?filters%5Btitle%5D=A', 'articles'],
    ['http://cms:1337/api/archive-years/2024', 'archive-years/:id'],
    ['http://cms:1337/strapi/api/most-popular-articles', 'most-popular-articles'],
  ])('%s is %s: never an id or a search', (url, query) => {
    expect(queryOf(url)).toBe(query);
  });
});
