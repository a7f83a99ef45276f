import type { ArticleRef } from '@blog/shared';
import { useRef, type ReactNode } from 'react';
import { SectionReads } from '../hooks/useSectionRead';
import { useListReturn } from '../hooks/useListReturn';
import type { OpenedArticle } from '../hooks/useOpenArticle';
import { ArticleDetail } from './ArticleDetail';

interface ListOrArticleProps {
  /** Which view the address asks for (`useOpenArticle`). */
  opened: OpenedArticle;
  /** The list; `open` opens one of its articles in its place. */
  children: (open: (article: ArticleRef) => void) => ReactNode;
}

/**
 * Home and Articles (spec §4): the list, or the article the address names in its place. The two
 * views share their reads: the list's sidebar is the article's.
 */
export function ListOrArticle({ opened, children }: ListOrArticleProps) {
  const list = useRef<HTMLDivElement>(null);
  const remember = useListReturn(opened.title, list);

  const openFromList = (next: ArticleRef) => {
    remember(next);
    opened.open(next);
  };
  return (
    <SectionReads>
      {opened.title !== null ? (
        <ArticleDetail
          title={opened.title}
          onBack={opened.back}
          onOpenArticle={opened.open}
          onMissing={opened.missing}
        />
      ) : (
        <div ref={list}>{children(openFromList)}</div>
      )}
    </SectionReads>
  );
}
