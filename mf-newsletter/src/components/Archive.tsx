import type { NewsletterMonth } from '@blog/shared';
import { useId } from 'react';
import { ArchiveMonth } from './ArchiveMonth';
import { YearSelector } from './YearSelector';
import './Archive.css';

interface ArchiveProps {
  years: number[];
  year: number | undefined;
  months: NewsletterMonth[];
  loading: boolean;
  returnTo: string | undefined;
  onSelectYear: (year: number) => void;
}

/** 'NewsLetters by date': one year of articles, month by month. */
export function Archive({ years, year, months, loading, returnTo, onSelectYear }: ArchiveProps) {
  const headingId = useId();
  return (
    <section className="archive" aria-labelledby={headingId} aria-busy={loading}>
      <header className="archive-header">
        <h2 id={headingId}>NewsLetters by date</h2>
        {years.length > 0 && <YearSelector years={years} year={year} onSelect={onSelectYear} />}
      </header>
      {year !== undefined &&
        months.map((month) => <ArchiveMonth key={month.month} month={month} year={year} returnTo={returnTo} />)}
    </section>
  );
}
