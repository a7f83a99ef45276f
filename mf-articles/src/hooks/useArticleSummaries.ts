import { fetchArticleSummaries, type ArticleSummary, type StrapiList } from '@blog/shared';
import { useEffect, useState } from 'react';
import type { ListQuery } from '../navigation';

export interface ShownSummaries {
  /** The query these results answer. */
  query: ListQuery;
  /** Null when the CMS could not be read (spec §8: the list stays empty). */
  list: StrapiList<ArticleSummary> | null;
}

/**
 * The page of results `query` asks for, read from the CMS. The results shown stay while the next
 * ones load (`loading`), and only the latest query's answer is shown: a slow answer to an earlier
 * term, arriving after the answer to a later one, is dropped.
 */
export function useArticleSummaries(query: ListQuery | undefined) {
  const [shown, setShown] = useState<ShownSummaries>();
  const term = query?.term;
  const page = query?.page;

  useEffect(() => {
    if (term === undefined || page === undefined) return;
    let latest = true;
    fetchArticleSummaries({ search: term, page }).then((list) => latest && setShown({ query: { term, page }, list }));
    return () => {
      latest = false;
    };
  }, [term, page]);

  const loading = query !== undefined && (shown?.query.term !== term || shown?.query.page !== page);
  return { shown, loading };
}
