import { useEffect, useState } from 'react';

/**
 * What `load` resolves to once it has, `undefined` until then: a view tells "still loading" (keep
 * its space) from "loaded, nothing there" (`null` or `[]`, the client's answer when the CMS fails).
 * `load` must be stable, e.g. one of the client's fetchers.
 */
export function useLoaded<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let current = true;
    load().then(
      (loaded) => current && setValue(() => loaded),
      // The client's fetchers log and resolve empty; any other loader failing is only logged too (spec §8).
      (error: unknown) => console.error('Failed to load', error),
    );
    return () => {
      current = false;
    };
  }, [load]);
  return value;
}
