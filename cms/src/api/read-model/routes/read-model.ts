// The read model's routes: public reads (no permission to grant), named for what they answer.
const read = (path: string, action: string) => ({
  method: 'GET',
  path,
  handler: `read-model.${action}`,
  config: { auth: false },
});

export default {
  routes: [
    read('/article-summaries', 'articleSummaries'),
    read('/article-search', 'articleSearch'),
    read('/most-popular-articles', 'mostPopularArticles'),
    read('/article-topics', 'articleTopics'),
    read('/archive-years', 'archiveYears'),
    read('/archive-years/:year', 'archiveYear'),
    read('/latest-articles', 'latestArticles'),
  ],
};
