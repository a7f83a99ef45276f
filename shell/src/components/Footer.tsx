import {
  fetchArticles,
  fetchContactDetails,
  latestArticles,
  safeHref,
  shareUrl,
  type Article,
  type ContactDetails,
} from '@blog/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../sections';
import './Footer.css';

const SOCIAL_LINKS = [
  ['Facebook', 'Facebook_url'],
  ['X', 'x_url'],
  ['LinkedIn', 'linkedin_url'],
  ['Instagram', 'instagram_url'],
] as const;

/** The newest articles and the author's social links (spec §7: the footer reads articles and contact details). */
export function Footer() {
  const [contact, setContact] = useState<ContactDetails | null>(null);
  const [recent, setRecent] = useState<Article[]>([]);

  useEffect(() => {
    let current = true;
    fetchContactDetails().then((details) => current && setContact(details));
    fetchArticles().then((articles) => current && setRecent(latestArticles(articles, 3)));
    return () => {
      current = false;
    };
  }, []);

  const socials = SOCIAL_LINKS.flatMap(([label, field]) => {
    const href = safeHref(contact?.[field] ?? '');
    return href ? [{ label, href }] : [];
  });

  return (
    <footer className="footer">
      <div className="footer-inner">
        <section aria-labelledby="footer-recent">
          <h2 id="footer-recent">Recent articles</h2>
          <ul>
            {recent.map((article) => (
              <li key={article.documentId}>
                <Link to={shareUrl('', article.title_article)}>{article.title_article}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-follow">
          <h2 id="footer-follow">Follow</h2>
          <ul>
            {socials.map(({ label, href }) => (
              <li key={label}>
                <a href={href} target="_blank" rel="noopener noreferrer">
                  {label}
                </a>
              </li>
            ))}
            {contact?.email && (
              <li>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </li>
            )}
          </ul>
        </section>
      </div>
      <p className="footer-note">
        © {new Date().getFullYear()} {SITE_NAME}
      </p>
    </footer>
  );
}
