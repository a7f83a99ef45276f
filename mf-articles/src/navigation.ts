import { shareUrl } from '@blog/shared';

/**
 * What the section keeps in the browser's history entries (React Router's location state):
 * `searchTerm` presets the Articles search (spec §2), which the list then moves into its address;
 * `articleDepth` counts the articles opened in a row since the list, so '← Back to Articles' can
 * step back over all of them.
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

/** The Articles list's page of results: the search term (trimmed, '' for every article) and the page, from 1. */
export interface ListQuery {
  term: string;
  page: number;
}

/**
 * The list a location asks for: its address's `?search=…&page=…`, or the first page of the search
 * its navigation state presets.
 */
export function listQueryFrom(search: string, state: unknown): ListQuery {
  const preset = searchTermFrom(state);
  if (preset !== undefined) return { term: preset.trim(), page: 1 };
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return { term: (params.get('search') ?? '').trim(), page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

/** The address's query for a page of the list: `?search=army&page=2`; the first page of every article is plain `/Articles`. */
export function listSearch({ term, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (term !== '') params.set('search', term);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
