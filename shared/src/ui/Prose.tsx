import { Markup } from '../markup/Markup';
import styles from './Prose.module.css';

/** Text written in the CMS with the article markup (spec §5), set the same wherever it is shown. */
export function Prose({ text, className }: { text: string | null | undefined; className?: string }) {
  return <Markup text={text} className={className ? `${styles.prose} ${className}` : styles.prose} />;
}
