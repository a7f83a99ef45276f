import { pageLinks } from './paging';

describe('pageLinks', () => {
  it('links every page of a short list', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 2)).toEqual([1, 2]);
    expect(pageLinks(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('links the first, the last, and the current page with its neighbours', () => {
    expect(pageLinks(1, 167)).toEqual([1, 2, 'gap', 167]);
    expect(pageLinks(80, 167)).toEqual([1, 'gap', 79, 80, 81, 'gap', 167]);
    expect(pageLinks(167, 167)).toEqual([1, 'gap', 166, 167]);
  });

  it('links a single page rather than leave a gap for it', () => {
    expect(pageLinks(4, 167)).toEqual([1, 2, 3, 4, 5, 'gap', 167]);
    expect(pageLinks(164, 167)).toEqual([1, 'gap', 163, 164, 165, 166, 167]);
  });

  it('keeps the pages of a page past the end', () => {
    expect(pageLinks(9, 3)).toEqual([1, 2, 3]);
  });
});
