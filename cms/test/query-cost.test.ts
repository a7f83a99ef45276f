import { expect } from '@jest/globals';
import { parse } from 'qs';
import { QUERY_BOUNDS, onlyPublished, readCost } from '../src/lib/public-api/query-cost';

/** A query string as Strapi parses it (`strapi::query`'s settings). */
const query = (text: string) => parse(text, { strictNullHandling: true, arrayLimit: 100, depth: 20 });

const costOf = (text: string, routeCost = 1) => readCost(query(text), routeCost);

/** `populate[articles][populate][articles]…` `levels` deep. */
const nestedPopulate = (levels: number) => `populate${'[articles][populate]'.repeat(levels - 1)}=*`;

describe('what a query costs', () => {
  it('is 1 for every call the site and the spec make, and the route’s own cost for a search', () => {
    for (const call of [
      'populate=*',
      'populate=*&sort=id:asc&pagination[pageSize]=25&pagination[page]=3',
      'sort[0]=date_of_the_article:desc&sort[1]=id:asc&pagination[pageSize]=2&fields[0]=title_article&populate[photo_article]=true&populate[topics]=true',
      'filters[article][$eq]=A%20title&sort[0]=id:asc&pagination[page]=1&pagination[pageSize]=25',
      'search=naval&page=2&pageSize=12',
    ])
      expect(costOf(call)).toBe(1);
    expect(costOf('search=naval&page=1', 4)).toBe(4);
  });

  it('grows with the rows asked for, the conditions and the relations populated inside others', () => {
    expect(costOf('pagination[pageSize]=100')).toBe(4);
    expect(costOf('pageSize=50')).toBe(2);
    expect(costOf(nestedPopulate(2))).toBe(3);
    expect(costOf('populate[articles][populate][0]=topics&populate[articles][populate][1]=photo_article')).toBe(5);
    const conditions = Array.from({ length: 11 }, (_, i) => `filters[$or][${i}][title_article][$eq]=t${i}`).join('&');
    expect(costOf(conditions)).toBe(3);
  });
});

describe('a query past the bounds', () => {
  it.each([
    ['populate three levels deep', nestedPopulate(3)],
    ['populate ten levels deep', nestedPopulate(10)],
    ['a dotted populate three levels deep', 'populate=articles.articles.topics'],
    ['filters nested past their depth', `filters${'[articles]'.repeat(6)}[title_article][$eq]=x`],
    [
      'more conditions than allowed',
      Array.from({ length: 21 }, (_, i) => `filters[$or][${i}][id][$eq]=${i}`).join('&'),
    ],
    ['a filter longer than a title', `filters[title_article][$contains]=${'x'.repeat(201)}`],
    ['an operator the API does not take', 'filters[title_article][$regex]=.*'],
    [
      'a list of 51 values',
      `filters[id][$in]=${Array.from({ length: 51 }, (_, i) => i).join(',')}`.replace(/,/g, '&filters[id][$in]='),
    ],
    ['five sort fields', 'sort=a,b,c,d,e'],
    [
      'a cost past the ceiling',
      Array.from({ length: 10 }, (_, i) => `populate[articles][populate][${i}]=r${i}`).join('&'),
    ],
  ])('is refused before it runs: %s', (_, text) => {
    expect(() => costOf(text, 4)).toThrow(/at most|not a filter|more than the/);
  });

  it('names the bound it passed', () => {
    expect(() => costOf(nestedPopulate(3))).toThrow(`populate goes at most ${QUERY_BOUNDS.populateDepth} levels deep`);
  });
});

describe('what the public reads', () => {
  it('is published content only', () => {
    expect(() => onlyPublished({})).not.toThrow();
    expect(() => onlyPublished({ status: 'published' })).not.toThrow();
    for (const status of ['draft', 'DRAFT', ['draft'], { $ne: 'published' }])
      expect(() => onlyPublished({ status })).toThrow('Only published content is public');
  });
});
