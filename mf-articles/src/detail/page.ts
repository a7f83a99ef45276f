import { describeText, queries, type Article, type PageHead, type PageRequest, type SectionPage } from '@blog/shared';
import type { QueryClient } from '@blog/shared/query';
import { pageImage } from '../common/pageImage';
import { loadSidebar } from '../sidebar';

/** The article an address names: `?title=`, as share links and the newsletter's links carry it. */
export const articleTitleOf = ({ searchParams }: PageRequest): string | null => searchParams.get('title');

/**
 * The reads of an article's detail: the article, the first page of its comments and the sidebar,
 * asked for together. The article, or null when the title names none: then nothing of it is
 * shown, and its comments are not kept for the page.
 */
export async function loadArticleDetail(title: string, reads: QueryClient): Promise<Article | null> {
  const [article] = await Promise.all([
    reads.fetchQuery(queries.article(title)),
    reads.prefetchQuery(queries.articleComments(title)),
    loadSidebar(reads),
  ]);
  if (article === null) reads.removeQueries({ queryKey: queries.articleComments(title).queryKey, exact: true });
  return article;
}

/** An article's head: Open Graph's `article`, its description from its text, its first photo. */
export function articleHead(article: Article): PageHead {
  const description = describeText(article.text_article);
  const image = pageImage(article.photo_article?.[0], article.title_article);
  return {
    title: article.title_article,
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    article: {
      ...(article.written_by ? { author: article.written_by } : {}),
      publishedTime: article.date_of_the_article,
      ...(article.updatedAt ? { modifiedTime: article.updatedAt } : {}),
      tags: article.topics.map(({ category }) => category),
    },
  };
}

/** The head of the article loaded for `title`; none when it names no article. */
export function loadedArticleHead(title: string, reads: QueryClient): PageHead | undefined {
  const article = reads.getQueryData(queries.article(title).queryKey);
  return article ? articleHead(article) : undefined;
}

/** `mf_articles/ArticleDetail` as a page: the article its address names (the newsletter opens articles at `/New-letter?year=…&title=…`). */
export const articleDetailPage: SectionPage = {
  async load(request, reads) {
    const title = articleTitleOf(request);
    if (title !== null) await loadArticleDetail(title, reads);
  },
  head(request, reads) {
    const title = articleTitleOf(request);
    return title === null ? undefined : loadedArticleHead(title, reads);
  },
};
