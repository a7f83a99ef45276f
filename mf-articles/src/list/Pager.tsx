import { Link } from '@blog/shared/router';
import { listSearch, type ListQuery } from './listQuery';
import { pageLinks } from './paging';
import styles from './ArticlesPage.module.css';

interface PagerProps {
  /** The page shown, of this search. */
  query: ListQuery;
  pageCount: number;
  /** Called as the visitor turns to another page. */
  onTurn: () => void;
}

/**
 * The pages of the results, as links: each page has its own address (a new tab, a shared link and
 * the back button all work), and the current one is marked for assistive technology.
 */
export function Pager({ query, pageCount, onTurn }: PagerProps) {
  const { page } = query;
  if (pageCount <= 1) return null;
  const to = (target: number) => ({ search: listSearch({ ...query, page: target }) });
  return (
    <nav className={styles.pager} aria-label="Pages">
      <ul>
        {page > 1 && (
          <li>
            <Link to={to(page - 1)} rel="prev" onClick={onTurn}>
              <span aria-hidden>←</span> Previous
            </Link>
          </li>
        )}
        {pageLinks(page, pageCount).map((link, index) =>
          link === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden>
              …
            </li>
          ) : (
            <li key={link}>
              <Link
                to={to(link)}
                aria-label={`Page ${link}`}
                aria-current={link === page ? 'page' : undefined}
                onClick={onTurn}
              >
                {link}
              </Link>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <Link to={to(page + 1)} rel="next" onClick={onTurn}>
              Next <span aria-hidden>→</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
