import type { ArchiveEntry } from './types';

export interface NewsletterEntry {
  article: ArchiveEntry;
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
function calendarDay(article: ArchiveEntry): Date | null {
  const date = new Date(article.date_of_the_article);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * One year of the archive by month (spec §2). The CMS gives the year's articles newest first, so
 * the months come newest first and each month's articles newest day first.
 */
export function groupByMonth(articles: ArchiveEntry[]): NewsletterMonth[] {
  const months = new Map<number, NewsletterMonth>();
  for (const article of articles) {
    const date = calendarDay(article);
    if (!date) continue;
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
