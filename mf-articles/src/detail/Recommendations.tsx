import type { RecommendedArticle } from '@blog/shared';
import { useId } from 'react';
import { SearchLink } from '../common/SearchLink';
import common from '../common/common.module.css';
import styles from './ArticleDetail.module.css';

/** Spec §2: a recommendation leads to the Articles list searched for its title. */
export function Recommendations({ recommended }: { recommended: RecommendedArticle[] }) {
  const headingId = useId();
  if (recommended.length === 0) return null;
  return (
    <section className={styles.recommendations} aria-labelledby={headingId}>
      <h2 id={headingId} className={common.sectionTitle}>
        Recommended articles
      </h2>
      <ul>
        {recommended.map(({ documentId, title_article }) => (
          <li key={documentId}>
            <SearchLink term={title_article} className={styles.recommendation}>
              {title_article} <span aria-hidden>→</span>
            </SearchLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
