import type { PageHead, PageRequest } from '@blog/shared';
import type { QueryClient } from '@blog/shared/query';
import { articleTitleOf, loadArticleDetail, loadedArticleHead } from '../detail';

/** What a page that opens articles in its list's place shows for an address: the article it names, else its list. */
export async function loadListOrArticle(
  request: PageRequest,
  reads: QueryClient,
  loadList: () => Promise<unknown>,
): Promise<void> {
  const title = articleTitleOf(request);
  const article = title === null ? null : await loadArticleDetail(title, reads);
  if (article === null) await loadList();
}

/** The head of what `loadListOrArticle` loaded: the article's, else the list's. */
export function listOrArticleHead(
  request: PageRequest,
  reads: QueryClient,
  listHead: () => PageHead | undefined,
): PageHead | undefined {
  const title = articleTitleOf(request);
  return (title === null ? undefined : loadedArticleHead(title, reads)) ?? listHead();
}
