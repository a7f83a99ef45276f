import type { Article } from '@blog/shared';
import { RemoteSection } from '@blog/shared/federation';
import { useEffect, useRef } from 'react';
import './ArticleView.css';

/** The props contract of the article detail that mf-articles exposes. */
export interface ArticleDetailProps {
  article: Article;
  /** Its '← Back to Articles' control: here, back to the archive's year. */
  onBack: () => void;
  /** A MOST POPULAR click in its sidebar: here, that article in the same view. */
  onOpenArticle: (article: Article) => void;
}

/** The article detail of mf-articles, loaded at run time: the archive never carries a copy of it. */
export function ArticleView({ article, onBack, onOpenArticle }: ArticleDetailProps) {
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened from far down the list, or from the detail's own sidebar, an article starts at its top
    // (the detail moves the focus to its title itself).
    if ((view.current?.getBoundingClientRect().top ?? 0) < 0) view.current?.scrollIntoView?.({ block: 'start' });
  }, [article.documentId]);
  return (
    <div ref={view} className="newsletter-article">
      <RemoteSection id="mf_articles/ArticleDetail" label="Article" props={{ article, onBack, onOpenArticle }} />
    </div>
  );
}
