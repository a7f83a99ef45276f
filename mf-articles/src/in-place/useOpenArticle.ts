import { articleDepthFrom, articleSearch, openedFrom, queries, type ArticleRef } from '@blog/shared';
import { useQuery } from '@blog/shared/query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from '@blog/shared/router';

/** Which of its views a page shows, and the moves between them. */
export interface OpenedArticle {
  /** The title of the article shown in the list's place; null while the list is shown. */
  title: string | null;
  open: (article: ArticleRef) => void;
  back: () => void;
}

/**
 * The list or one article, decided by the address: `?title=` names the open article (spec §7's
 * share links land there); a title that names no article shows the list, as the article's read
 * says (the server's too, so it renders the list for it). Opening an article pushes an entry, so
 * the browser's back button returns to the list; '← Back to Articles' steps back over every
 * article opened since the list.
 */
export function useOpenArticle(): OpenedArticle {
  const location = useLocation();
  const { pathname, search } = location;
  const state: unknown = location.state;
  const navigate = useNavigate();
  const asked = new URLSearchParams(search).get('title');
  const { data: article } = useQuery({ ...queries.article(asked ?? ''), enabled: asked !== null });
  const depth = articleDepthFrom(state);

  const open = useCallback(
    (next: ArticleRef) =>
      void navigate({ pathname, search: articleSearch(next.title_article) }, { state: openedFrom(state) }),
    [navigate, pathname, state],
  );

  // Reached by a shared link (nothing of ours to go back to), the list is a new entry.
  const back = useCallback(
    () => void (depth > 0 ? navigate(-depth) : navigate({ pathname })),
    [navigate, pathname, depth],
  );

  return { title: asked !== null && article !== null ? asked : null, open, back };
}
