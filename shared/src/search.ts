import type { Article } from './types';

/** Spec §5: case-insensitive, on the title or any topic category; a blank term keeps every article. */
export function searchArticles(articles: Article[], term: string): Article[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return articles;
  const matches = (text: string) => text.toLowerCase().includes(needle);
  return articles.filter(
    (article) => matches(article.title_article) || article.topics.some((topic) => matches(topic.category)),
  );
}
