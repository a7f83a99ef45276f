import { articleDepthFrom, openedFrom } from '@blog/shared';
import { useLocation, useNavigate, useSearchParams } from '@blog/shared/router';
import { archiveSearch, archiveYear } from './address';

/** The archive's state as the address holds it, and the moves between its views. */
export function useArchiveAddress() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { key } = location;
  const state: unknown = location.state;
  const navigate = useNavigate();
  const requestedYear = params.get('year');
  // While an article is open the archive's years are not read: its year is the one the address names.
  const year = archiveYear(undefined, requestedYear);
  return {
    requestedYear,
    title: params.get('title'),
    /** The history entry shown. */
    entry: key,
    selectYear: (selected: number) => void navigate({ search: archiveSearch(selected) }),
    openArticle: (title: string) => void navigate({ search: archiveSearch(year, title) }, { state: openedFrom(state) }),
    /** Steps back to the archive's own entry; reached by a shared link, the archive is a new entry. */
    backToArchive: () => {
      const depth = articleDepthFrom(state);
      if (depth > 0) void navigate(-depth);
      else void navigate({ search: archiveSearch(year) });
    },
  };
}
