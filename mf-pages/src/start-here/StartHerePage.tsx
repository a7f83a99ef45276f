import { Photo, Prose, queries } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import styles from './StartHerePage.module.css';

/** New start here (spec §2): all of it from `new-start-heres`. */
export function StartHerePage() {
  const { data: startHere } = useQuery(queries.startHere());
  const loading = startHere === undefined;
  return (
    <article className={styles.startHere} aria-busy={loading}>
      {startHere?.title && <h1 className={styles.title}>{startHere.title}</h1>}
      {(loading || startHere?.photo) && (
        <figure className={styles.figure}>
          <Photo
            className={loading ? styles.photoLoading : undefined}
            media={startHere?.photo}
            sizes="(max-width: 736px) 100vw, 736px"
            priority
          />
          {startHere?.photo_by && <figcaption className={styles.credit}>{startHere.photo_by}</figcaption>}
        </figure>
      )}
      <Prose text={startHere?.text} />
    </article>
  );
}
