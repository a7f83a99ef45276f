import { shareUrl } from '../share';

/**
 * What the site keeps in an article's history entries (React Router's location state), the same
 * in every section that opens articles: `searchTerm` presets the Articles search (spec §2);
 * `articleDepth` counts the articles opened in a row since the list (or the archive), so that
 * '← Back' steps back over all of them.
 */
export interface ArticleHistoryState {
  searchTerm?: string;
  articleDepth?: number;
}

const stateOf = (state: unknown): ArticleHistoryState => (typeof state === 'object' && state !== null ? state : {});

export function searchTermFrom(state: unknown): string | undefined {
  const { searchTerm } = stateOf(state);
  return typeof searchTerm === 'string' ? searchTerm : undefined;
}

/** How many articles were opened in a row since the list; 0 on the list itself. */
export function articleDepthFrom(state: unknown): number {
  const { articleDepth } = stateOf(state);
  return typeof articleDepth === 'number' && Number.isInteger(articleDepth) && articleDepth > 0 ? articleDepth : 0;
}

/** The state of the entry of an article opened from the entry that has `state`. */
export const openedFrom = (state: unknown): ArticleHistoryState => ({ articleDepth: articleDepthFrom(state) + 1 });

/** The Articles page, opened on an article: the address a link to an article carries. */
export const articleHref = (title: string) => shareUrl('', title);

/** The query that opens an article where the list is: `?title=` and the encoded title, as in a shared link. */
export const articleSearch = (title: string) => articleHref(title).slice('/Articles'.length);
