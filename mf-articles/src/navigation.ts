import { shareUrl } from '@blog/shared';

/**
 * What the section keeps in the browser's history entries (React Router's location state):
 * `searchTerm` presets the Articles search (spec §2); `articleDepth` counts the articles opened in
 * a row since the list, so '← Back to Articles' can step back over all of them.
 */
export interface ArticlesLocationState {
  searchTerm?: string;
  articleDepth?: number;
}

const stateOf = (state: unknown): ArticlesLocationState =>
  typeof state === 'object' && state !== null ? (state as ArticlesLocationState) : {};

export function searchTermFrom(state: unknown): string | undefined {
  const { searchTerm } = stateOf(state);
  return typeof searchTerm === 'string' ? searchTerm : undefined;
}

export function articleDepthFrom(state: unknown): number {
  const { articleDepth } = stateOf(state);
  return typeof articleDepth === 'number' && Number.isInteger(articleDepth) && articleDepth > 0 ? articleDepth : 0;
}

/** The query that opens an article where the list is: `?title=` and the encoded title, as in a shared link. */
export const articleSearch = (title: string) => shareUrl('', title).slice('/Articles'.length);

/** The Articles page, opened on an article: the address a link to an article carries. */
export const articleHref = (title: string) => shareUrl('', title);
