/** A place in the list of page links: a page number, or the pages left out there. */
export type PageLink = number | 'gap';

/**
 * The pages a pager links to: the first and the last, and the current one with its neighbours;
 * the others are gaps. A gap never stands for one page alone: that page is linked instead.
 */
export function pageLinks(current: number, count: number): PageLink[] {
  const shown = [1, current - 1, current, current + 1, count].filter((page) => page >= 1 && page <= count);
  const pages = [...new Set(shown)].sort((a, b) => a - b);
  return pages.flatMap((page, index): PageLink[] => {
    const previous = pages[index - 1];
    if (previous === undefined || page === previous + 1) return [page];
    return page === previous + 2 ? [previous + 1, page] : ['gap', page];
  });
}
