import { fetchArticleComments, type Comment, type StrapiList } from '@blog/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

type Pages = StrapiList<Comment>[];

/** The first `count` pages of an article's comments; none when one of them could not be read (spec §8: the list stays empty). */
async function readPages(title: string, count: number, fresh: boolean): Promise<Pages> {
  const pages = await Promise.all(
    Array.from({ length: count }, (_, index) => fetchArticleComments(title, index + 1, { fresh })),
  );
  return pages.every((page) => page !== null) ? (pages as Pages) : [];
}

/**
 * An article's approved comments, a page of 100 at a time: the first page, then `more` reads the
 * next. `reload` reads again the pages shown, past every cache (spec §4: after the visitor's own
 * post or vote). Only the latest read is kept, so an older answer arriving late never replaces a
 * newer one; what is shown stays in place meanwhile.
 */
export function useArticleComments(title: string) {
  const [pages, setPages] = useState<Pages>();
  const latest = useRef(0);

  const show = useCallback(async (read: Promise<Pages>) => {
    const request = ++latest.current;
    const loaded = await read;
    if (request === latest.current) setPages(loaded);
  }, []);

  useEffect(() => {
    show(readPages(title, 1, false));
    // Unmounted: whatever is still on its way is no longer the latest.
    return () => {
      latest.current += 1;
    };
  }, [show, title]);

  const shown = pages?.length ?? 0;
  const reload = useCallback(() => show(readPages(title, Math.max(shown, 1), true)), [show, title, shown]);

  const more = useCallback(
    () =>
      show(
        // A page that could not be read leaves the list as it was.
        fetchArticleComments(title, shown + 1, { fresh: false }).then((next) =>
          next ? [...(pages ?? []), next] : (pages ?? []),
        ),
      ),
    [show, title, shown, pages],
  );

  const pagination = pages?.[pages.length - 1]?.meta.pagination;
  return {
    /** Undefined until the first page is read. */
    comments: pages?.flatMap((page) => page.data),
    /** How many approved comments the article has. */
    total: pagination?.total ?? 0,
    hasMore: pagination !== undefined && pagination.page < pagination.pageCount,
    more,
    reload,
  };
}
