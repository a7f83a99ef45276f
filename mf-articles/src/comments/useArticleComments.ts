import { fetchArticleComments, queries, type Comment, type StrapiList } from '@blog/shared';
import { useQuery, useQueryClient } from '@blog/shared/query';
import { useCallback, useEffect, useRef, useState } from 'react';

type Page = StrapiList<Comment>;

/** The first `count` pages of an article's comments; none when one of them could not be read (spec §8: the list stays empty). */
async function readPages(title: string, count: number): Promise<Page[]> {
  const pages = await Promise.all(
    Array.from({ length: count }, (_, index) => fetchArticleComments(title, index + 1, { fresh: true })),
  );
  return pages.every((page) => page !== null) ? pages : [];
}

/**
 * An article's approved comments, a page of 100 at a time: the first page is the page's read
 * (`queries.articleComments`, which the server loads), then `more` reads the next. `reload` reads
 * again the pages shown, past every cache (spec §4: after the visitor's own post or vote). Only
 * the latest of `more` and `reload` is kept, so an older answer arriving late never replaces a
 * newer one; what is shown stays in place meanwhile.
 */
export function useArticleComments(title: string) {
  const client = useQueryClient();
  const { data: first, dataUpdatedAt } = useQuery(queries.articleComments(title));
  // The pages after the first, as `more` read them.
  const [later, setLater] = useState<Page[]>([]);
  const latest = useRef(0);

  useEffect(
    () => () => {
      // Unmounted: whatever is still on its way is no longer the latest.
      latest.current += 1;
    },
    [],
  );

  const pages = first ? [first, ...later] : [];
  const shown = pages.length;

  const reload = useCallback(async () => {
    const request = ++latest.current;
    const [reread = null, ...rest] = await readPages(title, Math.max(shown, 1));
    if (request !== latest.current) return;
    client.setQueryData(queries.articleComments(title).queryKey, reread);
    setLater(rest);
  }, [client, title, shown]);

  const more = useCallback(async () => {
    const request = ++latest.current;
    const next = await fetchArticleComments(title, shown + 1, { fresh: false });
    // A page that could not be read leaves the list as it was.
    if (request === latest.current && next) setLater((current) => [...current, next]);
  }, [title, shown]);

  const pagination = pages[pages.length - 1]?.meta.pagination;
  return {
    /** Undefined until the first page is read. */
    comments: first === undefined ? undefined : pages.flatMap((page) => page.data),
    /** When the first page was read (or read again): what the comments' ages are told from. */
    readAt: new Date(dataUpdatedAt),
    /** How many approved comments the article has. */
    total: pagination?.total ?? 0,
    hasMore: pagination !== undefined && pagination.page < pagination.pageCount,
    more,
    reload,
  };
}
