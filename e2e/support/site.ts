import { expect, test as base, type Page } from '@playwright/test';

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
