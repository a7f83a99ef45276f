import { useEffect, useState } from 'react';

/**
 * What `load` resolves to once it has, `undefined` until then: a view tells "still loading" (keep
 * its space) from "loaded, nothing there" (`null` or `[]`, the client's answer when the CMS fails).
 * `load` must be stable, e.g. one of the client's fetchers; another `load` is another value, and
 * none (`undefined`) is nothing to ask yet.
 * While `wanted` is false nothing is asked; what was loaded stays, and is not asked for again when
 * it is wanted again (a list hidden behind an article it opened comes back as it was).
 */
export function useLoaded<T>(load: (() => Promise<T>) | undefined, wanted = true): T | undefined {
  const [loaded, setLoaded] = useState<{ by: () => Promise<T>; value: T }>();
  const held = loaded !== undefined && loaded.by === load;
  useEffect(() => {
    if (!load || !wanted || held) return;
    let current = true;
    load().then(
      (value) => current && setLoaded({ by: load, value }),
      // The client's fetchers log and resolve empty; any other loader failing is only logged too (spec §8).
      (error: unknown) => console.error('Failed to load', error),
    );
    return () => {
      current = false;
    };
  }, [load, wanted, held]);
  return held ? loaded.value : undefined;
}
