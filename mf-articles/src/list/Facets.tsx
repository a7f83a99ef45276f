import type { SearchFacets } from '@blog/shared';
import { Link } from '@blog/shared/router';
import { listSearch, type ListQuery } from './listQuery';
import styles from './ArticlesPage.module.css';

interface FacetEntry {
  label: string;
  count: number;
  search: string;
  current: boolean;
}

interface FacetListProps {
  label: string;
  /** The link back to any value, when one is chosen. */
  any: { label: string; search: string } | null;
  entries: FacetEntry[];
}

function FacetList({ label, any, entries }: FacetListProps) {
  if (entries.length === 0 && !any) return null;
  return (
    <ul aria-label={label}>
      {any && (
        <li>
          <Link to={{ search: any.search }}>{any.label}</Link>
        </li>
      )}
      {entries.map(({ label: value, count, search, current }) => (
        <li key={value}>
          <Link to={{ search }} aria-current={current ? 'true' : undefined}>
            {`${value} (${count})`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

interface FacetsProps {
  query: ListQuery;
  facets: SearchFacets;
}

/**
 * What a search's results can be narrowed to: each topic and each year they have, with how many
 * results it narrows to, as links (the address is the narrowing: it is shared, reloaded and works
 * without JavaScript). The one chosen is marked, and a link leads back to any.
 */
export function Facets({ query, facets }: FacetsProps) {
  const to = (narrowed: Partial<ListQuery>) => listSearch({ ...query, page: 1, ...narrowed });
  return (
    <nav className={styles.facets} aria-label="Narrow the results">
      <FacetList
        label="Topics"
        any={query.topic === '' ? null : { label: 'All topics', search: to({ topic: '' }) }}
        entries={facets.topics.map(({ value, count }) => ({
          label: value,
          count,
          search: to({ topic: value }),
          current: value === query.topic,
        }))}
      />
      <FacetList
        label="Years"
        any={query.year === null ? null : { label: 'All years', search: to({ year: null }) }}
        entries={facets.years.map(({ value, count }) => ({
          label: String(value),
          count,
          search: to({ year: value }),
          current: value === query.year,
        }))}
      />
    </nav>
  );
}
