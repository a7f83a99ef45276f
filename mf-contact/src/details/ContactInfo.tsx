import { socialLinks, type ContactDetails, type CoverContact } from '@blog/shared';
import { mailtoHref, telHref } from './hrefs';
import styles from './ContactInfo.module.css';

interface ContactInfoProps {
  /** undefined while loading, null when the CMS could not be read: both show nothing. */
  cover: CoverContact | null | undefined;
  details: ContactDetails | null | undefined;
}

/** The page's title and intro (cover for contact) and the ways to reach the author (contact details). */
export function ContactInfo({ cover, details }: ContactInfoProps) {
  const email = details?.email ?? '';
  const phone = details?.phone ?? '';
  const ways = [
    { label: 'Email', text: email, href: mailtoHref(email) },
    { label: 'Phone', text: phone, href: telHref(phone) },
  ].filter(({ text }) => text.trim() !== '');
  const socials = socialLinks(details);

  return (
    <div className={styles.info}>
      <header className={styles.header}>
        {cover?.title && <h1>{cover.title}</h1>}
        {cover?.intro && <p className={styles.intro}>{cover.intro}</p>}
      </header>
      {ways.length > 0 && (
        <dl className={styles.ways}>
          {ways.map(({ label, text, href }) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{href ? <a href={href}>{text}</a> : text}</dd>
            </div>
          ))}
        </dl>
      )}
      {socials.length > 0 && (
        <nav aria-label="Social links">
          <ul className={styles.socials}>
            {socials.map(({ label, href }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
