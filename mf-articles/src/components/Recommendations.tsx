import type { RecommendedArticle } from '@blog/shared';
import { useId } from 'react';
import { SearchLink } from './SearchLink';

/** Spec §2: a recommendation leads to the Articles list searched for its title. */
export function Recommendations({ recommended }: { recommended: RecommendedArticle[] }) {
  const headingId = useId();
  if (recommended.length === 0) return null;
  return (
    <section className="mfa-recommendations" aria-labelledby={headingId}>
      <h2 id={headingId} className="mfa-section-title">
        Recommended articles
      </h2>
      <ul>
        {recommended.map(({ documentId, title_article }) => (
          <li key={documentId}>
            <SearchLink term={title_article} className="mfa-recommendation">
              {title_article} <span aria-hidden>→</span>
            </SearchLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
