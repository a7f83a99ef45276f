import { fetchContactDetails, fetchRecentArticles, shareUrl, socialLinks, useLoaded } from '@blog/shared';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../sections';
import './Footer.css';

// The footer's links to the most recent articles.
const RECENT_COUNT = 3;
const fetchRecent = () => fetchRecentArticles(RECENT_COUNT);

/** The newest articles' titles and the author's social links (spec §7: the footer reads articles and contact details). */
export function Footer() {
  const contact = useLoaded(fetchContactDetails);
  const recent = useLoaded(fetchRecent) ?? [];

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
            {socialLinks(contact).map(({ label, href }) => (
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
