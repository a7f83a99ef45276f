// What the render server keeps of a page's reads, for the tests of the exposed pages.
import { queries } from '@blog/shared';
import type { QueryClient } from '@tanstack/react-query';
import { stubCms } from './cms';
import { holdSeed } from './seed';

/** The keys of the reads a page loaded, as the server would embed them. */
export const loadedReads = (reads: QueryClient) =>
  reads
    .getQueryCache()
    .getAll()
    .map(({ queryKey }) => queryKey);

/** What an article's page loads, wherever it is opened: the article, its first comments and the sidebar. */
export const articleReads = (title: string) => [
  queries.article(title).queryKey,
  queries.articleComments(title).queryKey,
  queries.mostPopular().queryKey,
  queries.topicCounts().queryKey,
];

/**
 * The seeded stand-in CMS for each test of a page rendered on the server, which must log no error:
 * React's warnings count (a browser global read while rendering would throw instead).
 */
export function renderingOnSeededServer() {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    holdSeed(stubCms());
    errors = jest.spyOn(console, 'error');
  });
  afterEach(() => {
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
}
