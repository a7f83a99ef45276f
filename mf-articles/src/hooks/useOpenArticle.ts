import type { ArticleRef } from '@blog/shared';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { articleDepthFrom, articleSearch, type ArticlesLocationState } from '../navigation';

/** Which of its views a page shows, and the moves between them. */
export interface OpenedArticle {
  /** The title of the article shown in the list's place; null while the list is shown. */
  title: string | null;
  open: (article: ArticleRef) => void;
  back: () => void;
  /** The article named is not there: the list is shown instead. */
  missing: () => void;
}

/**
 * The list or one article, decided by the address: `?title=` names the open article (spec §7's
 * share links land there); a title that names no article shows the list. Opening an article
 * pushes an entry, so the browser's back button returns to the list; '← Back to Articles' steps
 * back over every article opened since the list.
 */
export function useOpenArticle(): OpenedArticle {
  const { pathname, search, state, key } = useLocation();
  const navigate = useNavigate();
  const title = new URLSearchParams(search).get('title');
  const depth = articleDepthFrom(state);
  // The history entry whose title named no article: coming to it again (a reload) asks again.
  const [missingAt, setMissingAt] = useState<string>();

  const open = useCallback(
    (next: ArticleRef) => {
      const nextState: ArticlesLocationState = { articleDepth: depth + 1 };
      navigate({ pathname, search: articleSearch(next.title_article) }, { state: nextState });
    },
    [navigate, pathname, depth],
  );

  // Reached by a shared link (nothing of ours to go back to), the list is a new entry.
  const back = useCallback(() => (depth > 0 ? navigate(-depth) : navigate({ pathname })), [navigate, pathname, depth]);
  const missing = useCallback(() => setMissingAt(key), [key]);

  return { title: missingAt === key ? null : title, open, back, missing };
}
