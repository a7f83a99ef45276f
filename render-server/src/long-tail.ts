import type { QueryClient } from '@blog/shared/query';

/** The reads an address's parameters choose, and when what they read names nothing. */
const NAMES_NOTHING: Record<string, (data: unknown) => boolean> = {
  // A title that names no article.
  article: (data) => data === null,
  // A page of the list past the last.
  'article-summaries': (data) => ((data as { data?: unknown[] } | null)?.data ?? []).length === 0,
  // A year with no letter.
  'archive-year': (data) => Array.isArray(data) && data.length === 0,
};

/** Whether an address is a search: any text a visitor types. */
export const isSearch = (url: URL) => url.searchParams.has('search');

/**
 * Whether a page is of the long tail: a search (any text a visitor types is an address), or an
 * address whose parameters name nothing. The site's own pages are finite; these are not, and are
 * kept apart from them (`PageCache`), so that a flood of them cannot push the site's pages out.
 */
export function isLongTail(url: URL, reads: QueryClient): boolean {
  if (url.search === '') return false;
  if (isSearch(url)) return true;
  return reads
    .getQueryCache()
    .getAll()
    .some(({ queryKey, state }) => state.status === 'success' && NAMES_NOTHING[String(queryKey[0])]?.(state.data));
}
