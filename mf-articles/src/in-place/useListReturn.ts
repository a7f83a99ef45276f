import type { ArticleRef } from '@blog/shared';
import { useCallback, useRef, type RefObject } from 'react';
import { NavigationType, useNavigationType } from '@blog/shared/router';
import { useBrowserLayoutEffect } from '../common/useBrowserLayoutEffect';

/**
 * Going back from an article to the list (its Back control or the browser's) puts the visitor
 * where they left it: the same scroll position, and the keyboard focus on the article's link.
 * A link to the list from the article (a topic) is a new page of results instead.
 */
export function useListReturn(openTitle: string | null, list: RefObject<HTMLElement | null>) {
  const left = useRef<{ scrollY: number; documentId: string } | null>(null);
  const navigation = useNavigationType();

  const remember = useCallback((article: ArticleRef) => {
    left.current = { scrollY: window.scrollY, documentId: article.documentId };
  }, []);

  useBrowserLayoutEffect(() => {
    if (openTitle !== null || !left.current) return;
    const { scrollY, documentId } = left.current;
    left.current = null;
    if (navigation !== NavigationType.Pop) return;
    window.scrollTo(0, scrollY);
    const links = list.current?.querySelectorAll<HTMLElement>('[data-article-id]') ?? [];
    Array.from(links)
      .find((link) => link.dataset.articleId === documentId)
      ?.focus({ preventScroll: true });
  }, [openTitle, list, navigation]);

  return remember;
}
