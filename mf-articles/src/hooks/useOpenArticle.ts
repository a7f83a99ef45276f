import type { Article } from '@blog/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { articleDepthFrom, articleSearch, type ArticlesLocationState } from '../navigation';

/**
 * The list or one article, decided by the address: `?title=` names the open article (spec §7's
 * share links land there). Opening an article pushes an entry, so the browser's back button
 * returns to the list; '← Back to Articles' steps back over every article opened since the list.
 */
export function useOpenArticle(articles: Article[] | undefined) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const title = new URLSearchParams(search).get('title');
  const depth = articleDepthFrom(state);

  const open = useCallback(
    (next: Article) => {
      const nextState: ArticlesLocationState = { articleDepth: depth + 1 };
      navigate({ pathname, search: articleSearch(next.title_article) }, { state: nextState });
    },
    [navigate, pathname, depth],
  );

  // Reached by a shared link (nothing of ours to go back to), the list is a new entry.
  const back = useCallback(() => (depth > 0 ? navigate(-depth) : navigate({ pathname })), [navigate, pathname, depth]);

  return {
    /** The open article; undefined for the list, and for a title that names no article. */
    article: title === null ? undefined : articles?.find((article) => article.title_article === title),
    /** An article is asked for but the articles are still on their way. */
    waiting: title !== null && articles === undefined,
    open,
    back,
  };
}
