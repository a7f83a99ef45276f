import { sortNewestFirst } from './order';
import type { Article } from './types';

export interface NewsletterEntry {
  article: Article;
  day: number;
}

export interface NewsletterMonth {
  /** The month's name in capitals, e.g. 'MARCH'. */
  month: string;
  /** Its first 3 letters, e.g. 'MAR'. */
  abbreviation: string;
  entries: NewsletterEntry[];
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

// A 'YYYY-MM-DD' date parses as UTC midnight, so the UTC fields are the calendar day as written.
function calendarDay(article: Article): Date | null {
  const date = new Date(article.date_of_the_article);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The years that have articles, latest first; the first one is the archive's default (spec §4). */
export function newsletterYears(articles: Article[]): number[] {
  const years = new Set<number>();
  for (const article of articles) {
    const date = calendarDay(article);
    if (date) years.add(date.getUTCFullYear());
  }
  return [...years].sort((a, b) => b - a);
}

/** One year of the archive: months newest first, each month's articles newest day first. */
export function groupByMonth(articles: Article[], year: number): NewsletterMonth[] {
  const months = new Map<number, NewsletterMonth>();
  for (const article of sortNewestFirst(articles)) {
    const date = calendarDay(article);
    if (!date || date.getUTCFullYear() !== year) continue;
    let group = months.get(date.getUTCMonth());
    if (!group) {
      const month = monthName.format(date).toUpperCase();
      group = { month, abbreviation: month.slice(0, 3), entries: [] };
      months.set(date.getUTCMonth(), group);
    }
    group.entries.push({ article, day: date.getUTCDate() });
  }
  return [...months.values()];
}
