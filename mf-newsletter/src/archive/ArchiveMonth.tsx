import { openedFrom, type NewsletterMonth } from '@blog/shared';
import { useEffect, useId, useRef } from 'react';
import { Link } from '@blog/shared/router';
import { archiveSearch } from './address';
import styles from './ArchiveMonth.module.css';

/** The history state of an article opened from the archive, the first of a row. */
const FROM_ARCHIVE = openedFrom(null);

interface ArchiveMonthProps {
  month: NewsletterMonth;
  year: number;
  /** The title of the article the visitor has just come back from. */
  returnTo: string | undefined;
}

export function ArchiveMonth({ month, year, returnTo }: ArchiveMonthProps) {
  const headingId = useId();
  return (
    <section className={styles.month} aria-labelledby={headingId}>
      <h3 id={headingId}>{month.month}</h3>
      <ul>
        {month.entries.map(({ article, day }) => (
          <li key={article.documentId}>
            <ArchiveRow
              title={article.title_article}
              date={article.date_of_the_article}
              abbreviation={month.abbreviation}
              day={day}
              year={year}
              returning={article.title_article === returnTo}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface ArchiveRowProps {
  title: string;
  date: string;
  abbreviation: string;
  day: number;
  year: number;
  returning: boolean;
}

/** A link rather than a button: the open article is part of the address, so it opens in a new tab too. */
function ArchiveRow({ title, date, abbreviation, day, year, returning }: ArchiveRowProps) {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Back from an article, the visitor finds their place in the list, and keyboard users their focus.
    if (returning) link.current?.focus();
  }, [returning]);
  return (
    <Link ref={link} className={styles.row} to={{ search: archiveSearch(year, title) }} state={FROM_ARCHIVE}>
      <time className={styles.date} dateTime={date}>
        <span className={styles.dateMonth}>{abbreviation}</span> <span className={styles.dateDay}>{day}</span>
      </time>{' '}
      <span className={styles.title}>{title}</span>
      <span className={styles.arrow} aria-hidden="true">
        →
      </span>
    </Link>
  );
}
