import { useId } from 'react';
import styles from './YearSelector.module.css';

interface YearSelectorProps {
  years: number[];
  year: number | undefined;
  onSelect: (year: number) => void;
}

export function YearSelector({ years, year, onSelect }: YearSelectorProps) {
  const selectId = useId();
  return (
    <div className={styles.yearSelector}>
      <label htmlFor={selectId}>Year</label>
      <select id={selectId} value={year} onChange={(event) => onSelect(Number(event.target.value))}>
        {years.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
