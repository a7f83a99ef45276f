import { Photo, Prose, SocialLinks, queries, socialLinks } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import styles from './AboutPage.module.css';

/**
 * About (spec §2): everything comes from `about-mes` but the social links, which the about entry
 * does not hold: they come from `contact-details`, which spec §7 lists for About.
 */
export function AboutPage() {
  const { data: about } = useQuery(queries.about());
  const { data: contact } = useQuery(queries.contactDetails());
  const loading = about === undefined;
  return (
    <article className={styles.about} aria-busy={loading || contact === undefined}>
      <Photo
        className={loading ? `${styles.photo} ${styles.photoLoading}` : styles.photo}
        media={about?.photo}
        sizes="(max-width: 380px) 100vw, 380px"
        priority
      />
      <div className={styles.text}>
        {about?.title && <h1 className={styles.title}>{about.title}</h1>}
        {about?.phrase && <p className={styles.phrase}>{about.phrase}</p>}
        <SocialLinks className={styles.socialLinks} links={socialLinks(contact)} />
        <Prose text={about?.description} />
      </div>
    </article>
  );
}
