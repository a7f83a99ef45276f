import { queries, type SectionPage } from '@blog/shared';
import { listOrArticleHead, loadListOrArticle } from '../in-place';
import { listQueryOf, summaryQuery } from './listQuery';

/**
 * `mf_articles/Articles` as a page: the article `?title=` names, else the page of results its
 * `?search=…&topic=…&year=…&page=…` asks for. A search preset by the navigation (a topic click) lives in the
 * browser's history only: the list moves it into the address, which is what a reload sends.
 */
export const articlesPage: SectionPage = {
  load: (request, reads) =>
    loadListOrArticle(request, reads, () => {
      return reads.prefetchQuery(queries.articleSummaries(summaryQuery(listQueryOf(request.searchParams))));
    }),
  // The list keeps the section's title and the site's description.
  head: (request, reads) => listOrArticleHead(request, reads, () => undefined),
};
