import { articleHref, type ArticleRef } from '@blog/shared';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

interface OpenArticleLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> {
  article: ArticleRef;
  /** What a plain click does: the host decides where the article opens. */
  onOpen: (article: ArticleRef) => void;
}

/**
 * A link to an article. Its address is the article's own (a deep link), so opening it in a new
 * tab or copying it works; a plain click opens the article in place instead.
 */
export function OpenArticleLink({ article, onOpen, children, ...attributes }: OpenArticleLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(article);
  };
  return (
    <a {...attributes} href={articleHref(article.title_article)} onClick={onClick} data-article-id={article.documentId}>
      {children}
    </a>
  );
}
