import { useId } from 'react';
import { ArchiveMonth } from './ArchiveMonth';
import { useArchive } from './useArchive';
import { YearSelector } from './YearSelector';
import styles from './Archive.module.css';

interface ArchiveProps {
  /** The `year` of the address, as written there. */
  requestedYear: string | null;
  /** The title of the article the visitor has just come back from: its row takes the focus. */
  returnTo: string | undefined;
  onSelectYear: (year: number) => void;
}

/** 'NewsLetters by date': one year of articles, month by month. */
export function Archive({ requestedYear, returnTo, onSelectYear }: ArchiveProps) {
  const { years, year, months, loading } = useArchive(requestedYear);
  const headingId = useId();
  return (
    <section className={styles.archive} aria-labelledby={headingId} aria-busy={loading}>
      <header className={styles.header}>
        <h2 id={headingId}>NewsLetters by date</h2>
        {years.length > 0 && <YearSelector years={years} year={year} onSelect={onSelectYear} />}
      </header>
      {year !== undefined &&
        months.map((month) => <ArchiveMonth key={month.month} month={month} year={year} returnTo={returnTo} />)}
    </section>
  );
}
