import { searchTermFrom, type SummaryQuery } from '@blog/shared';

/**
 * The Articles list's page of results: the search term (trimmed, '' for every article), the page,
 * from 1, and what the search is narrowed to: a topic ('' for any) and a year (null for any).
 */
export interface ListQuery {
  term: string;
  page: number;
  topic: string;
  year: number | null;
}

/** The first page of a search, narrowed to nothing. */
export const searchFor = (term: string): ListQuery => ({ term, page: 1, topic: '', year: null });

/** The list an address asks for: its `?search=…&topic=…&year=…&page=…` (all the server knows of a visit). */
export function listQueryOf(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  const year = params.get('year') ?? '';
  return {
    term: (params.get('search') ?? '').trim(),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    topic: (params.get('topic') ?? '').trim(),
    year: /^[1-9]\d{3}$/.test(year) ? Number(year) : null,
  };
}

/**
 * The list a location asks for: the first page of the search its navigation state presets (a
 * topic, a recommendation), or its address's.
 */
export function listQueryFrom(search: string, state: unknown): ListQuery {
  const preset = searchTermFrom(state);
  if (preset !== undefined) return searchFor(preset.trim());
  return listQueryOf(new URLSearchParams(search));
}

/**
 * The address's query for a page of the list: `?search=army&topic=Cyber&year=2026&page=2`; the
 * first page of every article is plain `/Articles`.
 */
export function listSearch({ term, page, topic, year }: ListQuery): string {
  const params = new URLSearchParams();
  if (term !== '') params.set('search', term);
  if (topic !== '') params.set('topic', topic);
  if (year !== null) params.set('year', String(year));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** What the CMS is asked for a page of the list. */
export const summaryQuery = ({ term, page, topic, year }: ListQuery): SummaryQuery => ({
  search: term,
  page,
  topic,
  ...(year !== null ? { year } : {}),
});
