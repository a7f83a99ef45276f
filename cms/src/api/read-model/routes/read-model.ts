import { publicRead } from '../../../lib/public-api/routes';

/** A search reads the whole index, ranks and quotes: it costs a few reads of one page. */
const SEARCH_COST = 4;

// The read model's routes: public reads (no permission to grant), named for what they answer.
const read = (path: string, action: string, cost?: number) => ({
  method: 'GET',
  path,
  handler: `read-model.${action}`,
  config: { auth: false as const, ...publicRead({ cost }) },
});

export default {
  routes: [
    read('/article-summaries', 'articleSummaries'),
    read('/article-search', 'articleSearch', SEARCH_COST),
    read('/article-detail', 'articleDetail'),
    read('/article-comments', 'articleComments'),
    read('/most-popular-articles', 'mostPopularArticles'),
    read('/article-topics', 'articleTopics'),
    read('/archive-years', 'archiveYears'),
    read('/archive-years/:year', 'archiveYear'),
    read('/latest-articles', 'latestArticles'),
  ],
};
