import type { ArticleRef } from '@blog/shared';
import { useRef, type ReactNode } from 'react';
import { ArticleDetail } from '../detail';
import { useListReturn } from './useListReturn';
import type { OpenedArticle } from './useOpenArticle';

interface ListOrArticleProps {
  /** Which view the address asks for (`useOpenArticle`). */
  opened: OpenedArticle;
  /** The list; `open` opens one of its articles in its place. */
  children: (open: (article: ArticleRef) => void) => ReactNode;
}

// `useOpenArticle` shows the list for a title that names no article, from the same read.
const listShownAlready = () => undefined;

/**
 * Home and Articles (spec §4): the list, or the article the address names in its place. The two
 * views share their reads through the page's cache: the list's sidebar is the article's.
 */
export function ListOrArticle({ opened, children }: ListOrArticleProps) {
  const list = useRef<HTMLDivElement>(null);
  const remember = useListReturn(opened.title, list);

  const openFromList = (next: ArticleRef) => {
    remember(next);
    opened.open(next);
  };
  return opened.title !== null ? (
    <ArticleDetail title={opened.title} onBack={opened.back} onOpenArticle={opened.open} onMissing={listShownAlready} />
  ) : (
    <div ref={list}>{children(openFromList)}</div>
  );
}
