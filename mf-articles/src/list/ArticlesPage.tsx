import type { Pagination } from '@blog/shared';
import { Link } from '@blog/shared/router';
import { useId, useRef } from 'react';
import { Skeleton, SkeletonLines } from '../common/Skeleton';
import common from '../common/common.module.css';
import { ListOrArticle, useOpenArticle } from '../in-place';
import { ArticleCard } from './ArticleCard';
import { Facets } from './Facets';
import { listSearch, searchFor } from './listQuery';
import { Pager } from './Pager';
import { SearchForm } from './SearchForm';
import { useArticleSummaries } from './useArticleSummaries';
import { useListQuery } from './useListQuery';
import cardStyles from './ArticleCard.module.css';
import styles from './ArticlesPage.module.css';

const PLACEHOLDER_CARDS = 6;

function CardPlaceholder() {
  return (
    <li aria-hidden>
      <div className={cardStyles.card}>
        <Skeleton className={common.widePhoto} />
        <div className={cardStyles.body}>
          <Skeleton className={styles.skeletonKicker} />
          <Skeleton className={styles.skeletonTitle} />
          <SkeletonLines count={4} />
        </div>
      </div>
    </li>
  );
}

/** What the results are, for a screen reader: how many articles match, and which page of them is shown. */
function resultCount({ total, page, pageCount }: Pagination): string {
  const articles = total === 1 ? '1 article' : `${total} articles`;
  return pageCount > 1 ? `${articles}, page ${page} of ${pageCount}` : articles;
}

/**
 * Spec §2 Articles: the searchable list of every article, newest first, a page at a time; the CMS
 * searches (spec §5) and pages it. An article opens in place.
 */
export function ArticlesPage() {
  const opened = useOpenArticle();
  // Kept here, outside the list: they outlive an article opened in the list's place.
  const { query, term, setTerm } = useListQuery(opened.title === null);
  const { shown, loading } = useArticleSummaries(query);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const list = shown?.list;

  // Another page of results starts at the top, as a new page would, the keyboard focus with it.
  const turnPage = () => {
    window.scrollTo(0, 0);
    title.current?.focus({ preventScroll: true });
  };

  return (
    <ListOrArticle opened={opened}>
      {(open) => (
        <div className="page">
          <header className={styles.header}>
            <h1 id={titleId} ref={title} tabIndex={-1} className={styles.title}>
              Articles
            </h1>
            <p className={styles.prompt}>Looking for something special?</p>
            <SearchForm term={term} onChange={setTerm} />
          </header>
          {shown?.list?.meta.facets && <Facets query={shown.query} facets={shown.list.meta.facets} />}
          <p role="status" className="visually-hidden">
            {list && resultCount(list.meta.pagination)}
          </p>
          {list?.meta.pagination.total === 0 && shown?.query.term && (
            <p className={`${common.muted} ${styles.noResults}`}>No articles match “{shown.query.term}”.</p>
          )}
          {list?.meta.suggestion && (
            <p className={styles.noResults}>
              Did you mean{' '}
              <Link to={{ search: listSearch(searchFor(list.meta.suggestion)) }}>{list.meta.suggestion}</Link>?
            </p>
          )}
          <section aria-labelledby={titleId} aria-busy={loading}>
            <ul className={styles.grid}>
              {shown
                ? (list?.data ?? []).map((card, index) => (
                    <li key={card.documentId}>
                      <ArticleCard article={card} priority={index === 0} onOpen={open} />
                    </li>
                  ))
                : Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => <CardPlaceholder key={index} />)}
            </ul>
          </section>
          {shown?.list && (
            <Pager query={shown.query} pageCount={shown.list.meta.pagination.pageCount} onTurn={turnPage} />
          )}
        </div>
      )}
    </ListOrArticle>
  );
}
