import styles from './Skeleton.module.css';

const classes = (own: string, className?: string) => (className ? `${own} ${className}` : own);

/** A grey block of a coming element's size: the page keeps its shape while data loads. */
export function Skeleton({ className }: { className?: string }) {
  return <span className={classes(styles.skeleton, className)} aria-hidden />;
}

/** Grey lines of text, the last one shorter. */
export function SkeletonLines({ count, className }: { count: number; className?: string }) {
  return (
    <span className={classes(styles.lines, className)} aria-hidden>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={styles.line} />
      ))}
    </span>
  );
}
