import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { archiveSearch, articleDepth, openedFrom } from './archive';

/** The archive's state as the address holds it, and the moves between its views. */
export function useArchiveAddress() {
  const [params] = useSearchParams();
  const { state, key } = useLocation();
  const navigate = useNavigate();
  const depth = articleDepth(state);
  return {
    requestedYear: params.get('year'),
    title: params.get('title'),
    /** The history entry shown. */
    entry: key,
    selectYear(year: number) {
      navigate({ search: archiveSearch(year) });
    },
    openArticle(year: number | undefined, title: string) {
      navigate({ search: archiveSearch(year, title) }, { state: openedFrom(state) });
    },
    /** Steps back to the archive's own entry; reached by a shared link, the archive is a new entry. */
    backToArchive(year: number | undefined) {
      if (depth > 0) navigate(-depth);
      else navigate({ search: archiveSearch(year) });
    },
  };
}
