import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect };

/** The URLs the global setup started: the shell, each app on its own origin, the CMS, the stand-ins. */
export const site = {
  get url() {
    return process.env.SITE_URL as string;
  },
  app(name: 'shell' | 'mf_articles' | 'mf_newsletter' | 'mf_contact' | 'mf_pages'): string {
    return JSON.parse(process.env.APP_URLS as string)[name];
  },
  get cmsUrl() {
    return process.env.CMS_URL as string;
  },
  get standInUrl() {
    return process.env.STAND_IN_URL as string;
  },
};

/** Every page starts at the shell's origin, and a test fails on any error the page throws. */
export const test = base.extend<{ pageErrors: Error[] }>({
  baseURL: async ({}, use) => use(site.url),
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors, 'errors thrown in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Counts the React DOM renderers a page starts, through the hook React DevTools would use. */
export async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers: new Map(),
        supportsFiber: true,
        inject(renderer: unknown) {
          renderers.push(renderer);
          return renderers.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
    Object.defineProperty(window, '__reactRenderers', { get: () => renderers.length });
  });
}

/** What a first visit to a page asked the CMS's API: each request's address and its answer's bytes on the wire. */
export interface Visit {
  page: Page;
  requests: string[];
  apiBytes(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A first visit to `path` (a browser context of its own: no cache, no shared reads), recording
 * every request to the CMS's API at `cmsUrl`, until the page has shown its data.
 */
export async function firstVisit(
  browser: Browser,
  path: string,
  { cmsUrl = site.cmsUrl, prepare }: { cmsUrl?: string; prepare?: (context: BrowserContext) => Promise<void> } = {},
): Promise<Visit> {
  const context = await browser.newContext({ baseURL: site.url });
  await prepare?.(context);
  const page = await context.newPage();
  const requests: string[] = [];
  const sizes: Promise<number>[] = [];
  const isApi = (url: string) => url.startsWith(`${cmsUrl}/api/`);
  page.on('request', (request) => isApi(request.url()) && requests.push(request.url()));
  page.on('requestfinished', (request) => {
    if (isApi(request.url())) sizes.push(request.sizes().then(({ responseBodySize }) => responseBodySize));
  });
  await page.goto(path);
  await expect(page.locator('main')).not.toContainText('Loading');
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  return {
    page,
    requests,
    apiBytes: async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0),
    close: () => context.close(),
  };
}

/** Spec'd page costs (issue 9): at most this many API requests on any page, none of them asked twice. */
export const MOST_API_REQUESTS = 6;

/** The addresses a visit asked for more than once. */
export const askedTwice = (requests: string[]) => requests.filter((url, index) => requests.indexOf(url) !== index);
