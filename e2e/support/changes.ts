import type { APIRequestContext } from '@playwright/test';

// What the tests of changes reaching the site's pages share (the page cache's, Varnish's).

export const articlePath = (title: string) => `/Articles?title=${encodeURIComponent(title)}`;
export const today = () => new Date().toISOString().slice(0, 10);
export const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

/** What a change must reach within: the CMS's report, then one render. */
export const WITHIN = { timeout: 2_000, intervals: [100] };

export const text = async (request: APIRequestContext, url: string) => (await request.get(url)).text();
