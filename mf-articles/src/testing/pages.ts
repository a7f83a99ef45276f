// What the render server hands a page and keeps of it, for the tests of the exposed pages.
import type { PageRequest } from '@blog/shared';
import type { QueryClient } from '@tanstack/react-query';

/** The request the render server hands a page for `address` (`/Articles?title=…`). */
export function pageRequest(address: string): PageRequest {
  const { pathname, searchParams } = new URL(address, 'http://localhost');
  return { pathname, searchParams };
}

/** The keys of the reads a page loaded, as the server would embed them. */
export const loadedReads = (reads: QueryClient) =>
  reads
    .getQueryCache()
    .getAll()
    .map(({ queryKey }) => queryKey);
