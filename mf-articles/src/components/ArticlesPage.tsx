import { fetchArticles, searchArticles, sortNewestFirst, useLoaded } from '@blog/shared';
import { useSearchTerm } from '../hooks/useSearchTerm';
import { ArticleCard } from './ArticleCard';
import { ListOrArticle } from './ListOrArticle';
import { SearchForm } from './SearchForm';
import { Skeleton, SkeletonLines } from './Skeleton';
import './common.css';
import './ArticlesPage.css';

// Cards a wide screen shows in its first row: their photos are above the fold.
const FIRST_ROW = 3;
const PLACEHOLDER_CARDS = 6;

function CardPlaceholder() {
  return (
    <li aria-hidden>
      <div className="mfa-card">
        <Skeleton className="mfa-photo" />
        <div className="mfa-card-body">
          <Skeleton className="mfa-skeleton-kicker" />
          <Skeleton className="mfa-skeleton-card-title" />
          <SkeletonLines count={4} />
        </div>
      </div>
    </li>
  );
}

/** Spec §2 Articles: the searchable list of every article, newest first; an article opens in place. */
export function ArticlesPage() {
  const articles = useLoaded(fetchArticles);
  // Kept here, outside the list: it outlives an article opened in the list's place.
  const [term, setTerm] = useSearchTerm();
  const found = articles && sortNewestFirst(searchArticles(articles, term));
  return (
    <ListOrArticle articles={articles}>
      {(open) => (
        <div className="page">
          <header className="mfa-articles-header">
            <h1 className="mfa-articles-title">Articles</h1>
            <p className="mfa-articles-prompt">Looking for something special?</p>
            <SearchForm term={term} onChange={setTerm} />
          </header>
          <p role="status" className="visually-hidden">
            {found && (found.length === 1 ? '1 article' : `${found.length} articles`)}
          </p>
          {found && found.length === 0 && articles.length > 0 && (
            <p className="mfa-muted mfa-no-results">No articles match “{term.trim()}”.</p>
          )}
          <ul className="mfa-card-grid" aria-busy={!found}>
            {found
              ? found.map((card, index) => (
                  <li key={card.documentId}>
                    <ArticleCard article={card} eager={index < FIRST_ROW} onOpen={open} />
                  </li>
                ))
              : Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => <CardPlaceholder key={index} />)}
          </ul>
        </div>
      )}
    </ListOrArticle>
  );
}
