import { queries, type PageHead, type SectionPage } from '@blog/shared';
import type { QueryClient } from '@blog/shared/query';
import { pageImage } from '../common/pageImage';
import { listOrArticleHead, loadListOrArticle } from '../in-place';
import { loadSidebar } from '../sidebar';

/** Home's head: its newest article's photo leads its link previews. */
function homeHead(reads: QueryClient): PageHead {
  const [newest] = reads.getQueryData(queries.homeArticles().queryKey) ?? [];
  const image = pageImage(newest?.photo_article?.[0], newest?.title_article ?? '');
  return { title: 'Home', ...(image ? { image } : {}) };
}

/** `mf_articles/Home` as a page: the two newest articles and the sidebar, or the article `?title=` opens in their place. */
export const homePage: SectionPage = {
  load: (request, reads) =>
    loadListOrArticle(request, reads, () =>
      Promise.all([reads.prefetchQuery(queries.homeArticles()), loadSidebar(reads)]),
    ),
  head: (request, reads) => listOrArticleHead(request, reads, () => homeHead(reads)),
};
