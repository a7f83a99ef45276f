import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { SERVER_STATE_ID } from '@blog/shared/server-state';

export { expect };

/** Each app's address, by its container name, as the global setup served them. */
export const appUrls = () => JSON.parse(process.env.APP_URLS ?? '{}') as Record<string, string>;

/** A document as the seed holds it: every field the site shows filled in. */
export type Seeded<T> = { [Field in keyof T]-?: NonNullable<T[Field]> };

/** The `data` of the CMS's answer to `GET /api/<pathname>`, read apart from the site (the run's CMS, or another at `cmsUrl`). */
export async function cmsData<T>(request: APIRequestContext, pathname: string, cmsUrl = site.cmsUrl): Promise<T> {
  const response = await request.get(`${cmsUrl}/api/${pathname}`);
  expect(response.ok(), `GET /api/${pathname}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The URLs the global setup started: the shell, each app on its own origin, the CMS, the stand-ins. */
export const site = {
  get url() {
    return process.env.SITE_URL as string;
  },
  app(name: 'shell' | 'mf_articles' | 'mf_newsletter' | 'mf_contact' | 'mf_pages'): string {
    return appUrls()[name];
  },
  get cmsUrl() {
    return process.env.CMS_URL as string;
  },
  get standInUrl() {
    return process.env.STAND_IN_URL as string;
  },
};

/** What React says when the browser's first render does not match the server's HTML (development and production builds). */
export const HYDRATION_WARNING = /hydrat|did not match|Minified React error #4(18|19|21|22|23|25)/i;

/** How long a page may take to come alive after it has loaded. */
const HYDRATION_TIMEOUT_MS = 15_000;

/**
 * Waits until React has taken over the page the server rendered (`<html data-hydrated>`), so that
 * nothing is clicked or typed into before it is live. Pages the render server did not answer (a
 * section's standalone page, a file) are left as they are.
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      (id) =>
        document.readyState !== 'loading' &&
        (!document.getElementById(id) || document.documentElement.hasAttribute('data-hydrated')),
      SERVER_STATE_ID,
      { timeout: HYDRATION_TIMEOUT_MS },
    );
  } catch (error) {
    throw new Error(`${page.url()} did not hydrate within ${HYDRATION_TIMEOUT_MS} ms (no <html data-hydrated>)`, {
      cause: error,
    });
  }
}

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;

/** `page`, whose navigations (goto, reload, back, forward) return once the page they reach is hydrated. */
export function hydrationAware(page: Page): Page {
  for (const method of NAVIGATIONS) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page[typeof method]>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await waitForHydration(page);
        return response;
      },
    });
  }
  return page;
}

/**
 * Collects what the pages of `context` report about hydration (a mismatch between the server's
 * HTML and the browser's render): in the console, or as the error React 18 reports through
 * `reportError` when the page gives no `onRecoverableError`.
 */
export function hydrationWarnings(context: BrowserContext): string[] {
  const warnings: string[] = [];
  context.on('console', (message) => {
    const type = message.type();
    if ((type === 'error' || type === 'warning') && HYDRATION_WARNING.test(message.text()))
      warnings.push(message.text());
  });
  context.on('weberror', (error) => {
    const text = String(error.error());
    if (HYDRATION_WARNING.test(text)) warnings.push(text);
  });
  return warnings;
}

/**
 * Every page starts at the shell's origin, waits after each navigation for React to hydrate what
 * the server rendered (unless the test runs without JavaScript or sets `awaitHydration: false`),
 * and a test fails on any error the page throws or any hydration warning it logs.
 */
export const test = base.extend<{ awaitHydration: boolean; pageErrors: Error[]; hydrationErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
  baseURL: async ({}, use) => use(site.url),
  awaitHydration: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, awaitHydration }, use) => {
    await use(javaScriptEnabled && awaitHydration ? hydrationAware(page) : page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      expect(errors, 'errors thrown in the page').toEqual([]);
    },
    { auto: true },
  ],
  hydrationErrors: [
    async ({ context }, use) => {
      // The context's pages: the test's own and any it opens (popups, `context.newPage()`).
      const warnings = hydrationWarnings(context);
      await use(warnings);
      expect(warnings, 'hydration errors the page reported').toEqual([]);
    },
    { auto: true },
  ],
});

/** Records each copy of React DOM a page starts, through the hook React DevTools would use. */
export async function countReactRenderers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const versions: string[] = [];
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers: new Map(),
        supportsFiber: true,
        inject(renderer: { version: string }) {
          versions.push(renderer.version);
          return versions.length;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
      },
    });
    Object.defineProperty(window, '__reactRenderers', { get: () => [...versions] });
  });
}

/** The version of each copy of React DOM the page has loaded, since `countReactRenderers`. */
export const reactRenderers = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __reactRenderers: string[] }).__reactRenderers);

/** What a first visit to a page asked the CMS's API: each request's address and its answer's bytes on the wire. */
export interface Visit {
  page: Page;
  requests: string[];
  apiBytes: () => Promise<number>;
  close: () => Promise<void>;
}

/**
 * A first visit to `path` of the site at `siteUrl` (a browser context of its own: no cache, no
 * shared reads), recording every request to the CMS's API at `cmsUrl`, until the page is hydrated
 * and has shown its data. It fails on a hydration warning.
 */
export async function firstVisit(
  browser: Browser,
  path: string,
  {
    cmsUrl = site.cmsUrl,
    siteUrl = site.url,
    prepare,
  }: { cmsUrl?: string; siteUrl?: string; prepare?: (context: BrowserContext) => Promise<void> } = {},
): Promise<Visit> {
  const context = await browser.newContext({ baseURL: siteUrl });
  await prepare?.(context);
  const warnings = hydrationWarnings(context);
  const page = hydrationAware(await context.newPage());
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
  expect(warnings, `hydration warnings on ${path}`).toEqual([]);
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

/** A reader's browser on the site at `baseURL`: its hydration warnings, its failed requests and its console errors kept. */
export async function reader(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const warnings = hydrationWarnings(context);
  const page = hydrationAware(await context.newPage());
  const failures: string[] = [];
  page.on('requestfailed', (request) => failures.push(`${request.url()} failed: ${request.failure()?.errorText}`));
  page.on(
    'response',
    (response) => response.status() >= 400 && failures.push(`${response.url()} ${response.status()}`),
  );
  page.on('console', (message) => message.type() === 'error' && failures.push(message.text()));
  page.on('pageerror', (error) => failures.push(error.message));
  return { context, page, warnings, failures };
}

/** Follows the link `name` of the main navigation. */
export const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
