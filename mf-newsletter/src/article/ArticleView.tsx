import type { ArticleDetailProps } from '@blog/shared';
import { RemoteSection, type RemoteModuleId } from '@blog/shared/federation';
import { useEffect, useRef } from 'react';
import styles from './ArticleView.module.css';

/** mf-articles' article detail: the render server loads it with this page when the address opens an article. */
export const ARTICLE_DETAIL: RemoteModuleId = 'mf_articles/ArticleDetail';

/**
 * The article detail of mf-articles, loaded at run time: the archive never carries a copy of it.
 * It reads the article by its title itself; here '← Back to Articles' returns to the archive's
 * year, a MOST POPULAR click opens that article in the same view, and a title that names no
 * article shows the archive. While mf-articles is down, RemoteSection shows its fallback.
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
    <div ref={view} className={styles.article}>
      <RemoteSection id={ARTICLE_DETAIL} label="Article" props={props} />
    </div>
  );
}
