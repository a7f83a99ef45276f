import { queries, type ArticleList } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { useEffect, useMemo, useState } from 'react';
import { searchFor, summaryQuery, type ListQuery } from './listQuery';

export interface ShownSummaries {
  /** The query these results answer. */
  query: ListQuery;
  /** Null when the CMS could not be read (spec §8: the list stays empty). */
  list: ArticleList | null;
}

const NO_QUERY = searchFor('');

/**
 * The page of results `query` asks for, a read of the page (the server loads the address's). The
 * results shown stay while the next ones load (`loading`), and only the current query's answer is
 * shown: a slow answer to an earlier term, arriving after the answer to a later one, is not.
 */
export function useArticleSummaries(query: ListQuery | undefined) {
  const asked = query !== undefined;
  const { term, page, topic, year } = query ?? NO_QUERY;
  const { data } = useQuery({ ...queries.articleSummaries(summaryQuery({ term, page, topic, year })), enabled: asked });
  const answered = useMemo(
    () => (asked && data !== undefined ? { query: { term, page, topic, year }, list: data } : undefined),
    [asked, term, page, topic, year, data],
  );
  // The last answer, shown while the next query has none yet. Kept after rendering, not during it:
  // React 18, re-rendering a component during its hydration, numbers the `useId`s below it unlike the server.
  const [previous, setPrevious] = useState<ShownSummaries>();
  useEffect(() => {
    if (answered) setPrevious(answered);
  }, [answered]);

  return { shown: answered ?? previous, loading: asked && answered === undefined };
}
