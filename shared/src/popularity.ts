import { sortNewestFirst } from './order';
import type { Article, Comment } from './types';

export interface TopicCount {
  category: string;
  count: number;
}

/** Spec §9: the articles with the most comments, at most `limit`; ties go to the newer article. */
export function mostPopular(articles: Article[], comments: Comment[], limit = 5): Article[] {
  const perTitle = new Map<string, number>();
  for (const { article } of comments) {
    if (article !== null) perTitle.set(article, (perTitle.get(article) ?? 0) + 1);
  }
  const count = (article: Article) => perTitle.get(article.title_article) ?? 0;
  return sortNewestFirst(articles)
    .filter((article) => count(article) > 0)
    .sort((a, b) => count(b) - count(a))
    .slice(0, limit);
}

/** How many articles each topic has, most first, ties in alphabetical order. */
export function topicCounts(articles: Article[]): TopicCount[] {
  const counts = new Map<string, number>();
  for (const article of articles) {
    for (const category of new Set(article.topics.map((topic) => topic.category))) {
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
  }
  return [...counts]
    .map(([category, count]) => ({ category, count }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category, 'en'));
}
