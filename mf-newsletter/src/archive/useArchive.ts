import { groupByMonth, queries } from '@blog/shared';
import { useQuery, type QueryClient } from '@blog/shared/query';
import { useMemo } from 'react';
import { archiveYear } from './address';

/**
 * The year of the archive the address asks for, month by month (spec §2, §4). A year the address
 * names is asked for alongside the years, not after them: a link to a year opens without waiting twice.
 */
export function useArchive(requestedYear: string | null) {
  const years = useQuery(queries.archiveYears()).data;
  const year = archiveYear(years, requestedYear);
  // No year (an empty archive) reads nothing: the key is a placeholder that is never fetched.
  const articles = useQuery({ ...queries.archiveYear(year ?? 0), enabled: year !== undefined }).data;
  const months = useMemo(() => groupByMonth(articles ?? []), [articles]);
  return {
    years: years ?? [],
    year,
    months,
    loading: years === undefined || (year !== undefined && articles === undefined),
  };
}

/**
 * `useArchive`'s reads for the server: the years first, since they decide which year is shown
 * (a requested year without articles shows the latest), then that year only.
 */
export async function loadArchive(reads: QueryClient, requestedYear: string | null): Promise<void> {
  const year = archiveYear(await reads.fetchQuery(queries.archiveYears()), requestedYear);
  if (year !== undefined) await reads.prefetchQuery(queries.archiveYear(year));
}
