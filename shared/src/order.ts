import type { Article } from './types';

/** Newest date first; articles of the same day keep their order. Dates are 'YYYY-MM-DD', so text order is date order. */
export function sortNewestFirst(articles: Article[]): Article[] {
  return [...articles].sort((a, b) =>
    a.date_of_the_article < b.date_of_the_article ? 1 : a.date_of_the_article > b.date_of_the_article ? -1 : 0,
  );
}

/** The home page's most recent articles, newest first. */
export function latestArticles(articles: Article[], count = 2): Article[] {
  return sortNewestFirst(articles).slice(0, count);
}
