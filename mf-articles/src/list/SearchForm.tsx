import { useId, type FormEvent } from 'react';
import common from '../common/common.module.css';
import styles from './ArticlesPage.module.css';

interface SearchFormProps {
  term: string;
  onChange: (term: string) => void;
}

/** Filtering is live (spec §2), so submitting has nothing left to do. */
export function SearchForm({ term, onChange }: SearchFormProps) {
  const inputId = useId();
  const submit = (event: FormEvent) => event.preventDefault();
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Search articles
      </label>
      <input
        id={inputId}
        type="search"
        className={`${common.input} ${styles.searchInput}`}
        placeholder="Search by title or category..."
        value={term}
        onChange={(event) => onChange(event.target.value)}
      />
      <button type="submit" className={common.button}>
        SEARCH
      </button>
    </form>
  );
}
