import type { ArticleHistoryState } from '@blog/shared';
import type { ReactNode } from 'react';
import { Link } from '@blog/shared/router';

/** The Articles list searched for `term` (spec §2: topic and recommendation clicks). */
export function SearchLink({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  const state: ArticleHistoryState = { searchTerm: term };
  return (
    <Link to="/Articles" state={state} className={className}>
      {children}
    </Link>
  );
}
