import { searchTermFrom } from '@blog/shared';

/** The Articles list's page of results: the search term (trimmed, '' for every article) and the page, from 1. */
export interface ListQuery {
  term: string;
  page: number;
}

/** The list an address asks for: its `?search=…&page=…` (all the server knows of a visit). */
export function listQueryOf(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  return { term: (params.get('search') ?? '').trim(), page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

/**
 * The list a location asks for: the first page of the search its navigation state presets (a
 * topic, a recommendation), or its address's.
 */
export function listQueryFrom(search: string, state: unknown): ListQuery {
  const preset = searchTermFrom(state);
  if (preset !== undefined) return { term: preset.trim(), page: 1 };
  return listQueryOf(new URLSearchParams(search));
}

/** The address's query for a page of the list: `?search=army&page=2`; the first page of every article is plain `/Articles`. */
export function listSearch({ term, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (term !== '') params.set('search', term);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
