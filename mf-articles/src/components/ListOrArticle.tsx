import type { Article } from '@blog/shared';
import { useRef, type ReactNode } from 'react';
import { useListReturn } from '../hooks/useListReturn';
import { useOpenArticle } from '../hooks/useOpenArticle';
import { ArticleDetail } from './ArticleDetail';
import { DetailSkeleton } from './DetailSkeleton';

interface ListOrArticleProps {
  /** Every article, undefined while loading. */
  articles: Article[] | undefined;
  /** The list; `open` opens one of its articles in its place. */
  children: (open: (article: Article) => void) => ReactNode;
}

/**
 * Home and Articles (spec §4): the list, or the article the address names in its place, or that
 * article's shape while a shared link waits for the articles.
 */
export function ListOrArticle({ articles, children }: ListOrArticleProps) {
  const { article, waiting, open, back } = useOpenArticle(articles);
  const list = useRef<HTMLDivElement>(null);
  const remember = useListReturn(article, list);

  if (article) return <ArticleDetail article={article} onBack={back} onOpenArticle={open} />;
  if (waiting) return <DetailSkeleton />;

  const openFromList = (next: Article) => {
    remember(next);
    open(next);
  };
  return <div ref={list}>{children(openFromList)}</div>;
}
