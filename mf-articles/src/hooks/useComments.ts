import { fetchComments, type Comment } from '@blog/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Every public comment, `undefined` until the first answer, and a reload (spec §4: after a post or
 * a saved vote). The list shown stays in place while a reload runs, and only the latest reload
 * is kept, so an older answer arriving late never replaces a newer one.
 */
export function useComments() {
  const [comments, setComments] = useState<Comment[]>();
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    const loaded = await fetchComments();
    if (request === latest.current) setComments(loaded);
  }, []);

  useEffect(() => {
    reload();
    // Unmounted: whatever is still on its way is no longer the latest.
    return () => {
      latest.current += 1;
    };
  }, [reload]);

  return { comments, reload };
}
