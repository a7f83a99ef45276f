import { queries, type SectionPage } from '@blog/shared';
import { listOrArticleHead, loadListOrArticle } from '../in-place';
import { listQueryOf } from './listQuery';

/**
 * `mf_articles/Articles` as a page: the article `?title=` names, else the page of results its
 * `?search=…&page=…` asks for. A search preset by the navigation (a topic click) lives in the
 * browser's history only: the list moves it into the address, which is what a reload sends.
 */
export const articlesPage: SectionPage = {
  load: (request, reads) =>
    loadListOrArticle(request, reads, () => {
      const { term, page } = listQueryOf(request.searchParams);
      return reads.prefetchQuery(queries.articleSummaries({ search: term, page }));
    }),
  // The list keeps the section's title and the site's description.
  head: (request, reads) => listOrArticleHead(request, reads, () => undefined),
};
