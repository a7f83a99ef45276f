import { searchTermFrom } from '@blog/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@blog/shared/router';
import { useBrowserLayoutEffect } from '../common/useBrowserLayoutEffect';
import { listQueryFrom, listSearch, searchFor, type ListQuery } from './listQuery';

/** How long after the visitor's last keystroke the list asks for the new term: filtering stays live without a request per key. */
const SEARCH_DELAY_MS = 250;

/**
 * The Articles list's query and its search box. The address holds the query (`?search=…&page=…`),
 * so a reload, a shared address and the browser's back button show the same page of results; what
 * the visitor types moves into it once they pause, replacing the entry rather than adding one per
 * key. While an article is shown in the list's place the list keeps its query; `undefined` until
 * the list is first shown (an article reached by its address asks for no list).
 */
export function useListQuery(listShown: boolean) {
  const location = useLocation();
  const { search, key } = location;
  const state: unknown = location.state;
  const navigate = useNavigate();
  const asked = listQueryFrom(search, state);

  const [query, setQuery] = useState<ListQuery | undefined>(listShown ? asked : undefined);
  if (listShown && (query === undefined || listSearch(query) !== listSearch(asked))) setQuery(asked);

  const [term, setTerm] = useState(query?.term ?? '');
  // The term the address holds as far as the box knows: its own writes are not news to it.
  const addressTerm = useRef(query?.term);

  // The address changed under the box (back, forward, a topic link): the box shows its term.
  useBrowserLayoutEffect(() => {
    if (query === undefined || query.term === addressTerm.current) return;
    addressTerm.current = query.term;
    setTerm(query.term);
  }, [query]);

  // A search preset by the navigation (a topic, a recommendation) moves into the address, and
  // starts at the top of its results. The list already shows it: the address can follow after paint
  // (and must, on a first render, for the router to hear of it).
  useEffect(() => {
    if (!listShown || searchTermFrom(state) === undefined) return;
    void navigate({ search: listSearch(asked) }, { replace: true });
    window.scrollTo(0, 0);
    // Once per history entry: `asked` is what this entry's state says.
  }, [key, listShown]);

  useEffect(() => {
    const typed = term.trim();
    if (!listShown || query === undefined || typed === query.term) return;
    const timer = setTimeout(() => {
      addressTerm.current = typed;
      // A new term is a new search: its results may have none of the topic or year narrowed to.
      void navigate({ search: listSearch(searchFor(typed)) }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, query, listShown, navigate]);

  return { query, term, setTerm };
}
