import { SITE_NAME, articleHref, queries, sharedPart, socialLinks } from '@blog/shared';
import { useQuery, type QueryClient } from '@blog/shared/query';
import { Link } from '@blog/shared/router';
import './Footer.css';

// The footer's links to the most recent articles.
const RECENT_COUNT = 3;

/** What the footer shows on every page: the server loads it with the page's own reads. */
export const loadFooter = (reads: QueryClient) =>
  Promise.all([
    reads.prefetchQuery(queries.contactDetails()),
    reads.prefetchQuery(queries.recentArticles(RECENT_COUNT)),
  ]);

/** The footer's element, which wakes (hydrates) when it is wanted. */
export const FOOTER_ID = 'site-footer';

/**
 * The newest articles' titles and the author's social links (spec §7: the footer reads articles and
 * contact details): a part every page shows alike, refreshed apart from them (`SHARED_PARTS`).
 */
export function Footer() {
  const { data: contact } = useQuery(queries.contactDetails());
  const { data: recent = [] } = useQuery(queries.recentArticles(RECENT_COUNT));

  return (
    <footer className="footer" id={FOOTER_ID} {...sharedPart('footer')}>
      <div className="footer-inner">
        <section aria-labelledby="footer-recent">
          <h2 id="footer-recent">Recent articles</h2>
          <ul>
            {recent.map((article) => (
              <li key={article.documentId}>
                <Link to={articleHref(article.title_article)}>{article.title_article}</Link>
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
