import type { ArticleDetailProps } from '@blog/shared';
import { RemoteSection } from '@blog/shared/federation';
import { useEffect, useRef } from 'react';
import './ArticleView.css';

/**
 * The article detail of mf-articles, loaded at run time: the archive never carries a copy of it.
 * It reads the article by its title itself; here '← Back to Articles' returns to the archive's
 * year, a MOST POPULAR click opens that article in the same view, and a title that names no
 * article shows the archive.
 */
export function ArticleView({ title, onBack, onOpenArticle, onMissing }: ArticleDetailProps) {
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Opened from far down the list, or from the detail's own sidebar, an article starts at its top
    // (the detail moves the focus to its title itself).
    if ((view.current?.getBoundingClientRect().top ?? 0) < 0) view.current?.scrollIntoView?.({ block: 'start' });
  }, [title]);
  const props = { title, onBack, onOpenArticle, onMissing } satisfies ArticleDetailProps;
  return (
    <div ref={view} className="newsletter-article">
      <RemoteSection id="mf_articles/ArticleDetail" label="Article" props={props} />
    </div>
  );
}
