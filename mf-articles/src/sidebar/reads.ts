import { queries } from '@blog/shared';
import type { QueryClient } from '@blog/shared/query';

/** What the sidebar shows beside Home and an article: the most popular articles and the topics. */
export const loadSidebar = (reads: QueryClient) =>
  Promise.all([reads.prefetchQuery(queries.mostPopular()), reads.prefetchQuery(queries.topicCounts())]);
