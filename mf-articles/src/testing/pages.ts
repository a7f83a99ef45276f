// What the render server keeps of a page's reads, for the tests of the exposed pages.
import type { QueryClient } from '@tanstack/react-query';

/** The keys of the reads a page loaded, as the server would embed them. */
export const loadedReads = (reads: QueryClient) =>
  reads
    .getQueryCache()
    .getAll()
    .map(({ queryKey }) => queryKey);
