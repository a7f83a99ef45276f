import { queries, SignUpBox } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { useId } from 'react';
import styles from './NewsletterBanner.module.css';

/** The texts come from the CMS; until they arrive, or if they never do (spec §8), the banner keeps its place empty. */
export function NewsletterBanner() {
  const newsletter = useQuery(queries.newsletter()).data;
  const titleId = useId();
  return (
    <section className={styles.banner} aria-labelledby={titleId} aria-busy={newsletter === undefined}>
      <div>
        {newsletter?.title && <h1 id={titleId}>{newsletter.title}</h1>}
        {newsletter?.sub_title && <p className={styles.subTitle}>{newsletter.sub_title}</p>}
        {newsletter?.invitation_message_to_join && (
          <p className={styles.invitation}>{newsletter.invitation_message_to_join}</p>
        )}
      </div>
      <SignUpBox />
    </section>
  );
}
