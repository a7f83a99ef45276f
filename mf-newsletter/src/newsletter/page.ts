import { queries, type PageRequest, type SectionPage } from '@blog/shared';
import { loadArchive } from '../archive/useArchive';
import { ARTICLE_DETAIL } from '../article/ArticleView';

/** An address with `?title=` opens that article, which is mf-articles' to load and describe. */
const opensArticle = ({ searchParams }: PageRequest) => searchParams.has('title');

export const newsletterPage: SectionPage = {
  async load(request, reads) {
    if (opensArticle(request)) return;
    await Promise.all([
      reads.prefetchQuery(queries.newsletter()),
      loadArchive(reads, request.searchParams.get('year')),
    ]);
  },
  remotes: (request) => (opensArticle(request) ? [ARTICLE_DETAIL] : []),
  head(request, reads) {
    if (opensArticle(request)) return undefined;
    const invitation = reads.getQueryData(queries.newsletter().queryKey)?.invitation_message_to_join?.trim();
    return { title: 'Newsletter', ...(invitation ? { description: invitation } : {}) };
  },
};
