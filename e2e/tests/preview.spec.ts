import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { author } from '@blog/cms/testing';
import { deadOrigin, startRenderServer, type RenderServer } from '../support/render-server';
import { deployNextBuild, type DeployedBuild } from '../support/section-build';
import { cmsData, expect, hydrationAware, hydrationWarnings, site, test } from '../support/site';

// Issue 18: the author previews a draft on the real site, through the admin panel's Preview button.

const ARTICLE = 'api::article.article';
const ABOUT = 'api::about-me.about-me';
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;
const articlePath = (title: string) => `/Articles?title=${encodeURIComponent(title)}`;

/** A browser of its own (cookies included), whose pages wait for hydration and whose hydration warnings are kept. */
async function browserOf(browser: Browser, baseURL = site.url) {
  const context = await browser.newContext({ baseURL });
  const warnings = hydrationWarnings(context);
  const page = hydrationAware(await context.newPage());
  return { context, page, warnings };
}

const banner = (page: Page) => page.getByRole('complementary', { name: 'Preview' });

const pageText = async (request: APIRequestContext, path: string) => (await request.get(`${site.url}${path}`)).text();

test.describe('previewing a draft', () => {
  let title: string;
  let documentId: string;

  test.beforeAll(async () => {
    title = unique('Preview Draft');
    ({ documentId } = await author.createDraftArticle({
      title_article: title,
      date_of_the_article: '2026-03-01',
      text_article: 'Words no reader has seen yet.',
    }));
  });
  test.afterAll(async () => {
    await author.deleteArticle(documentId);
  });

  test('opens the draft article from the admin panel’s Preview, rendered and hydrated, with the banner', async ({
    browser,
    request,
  }) => {
    const url = await author.previewUrl(ARTICLE, documentId);
    const previewing = await browserOf(browser);
    const response = await previewing.page.goto(url);
    expect(new URL(previewing.page.url()).pathname + new URL(previewing.page.url()).search).toBe(articlePath(title));
    await expect(previewing.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(previewing.page.getByText('Words no reader has seen yet.')).toBeVisible();
    await expect(banner(previewing.page)).toContainText(`Preview of the draft of “${title}”`);
    expect(response?.headers()).toMatchObject({
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    });
    expect(response?.headers()['content-security-policy']).toBe(
      `frame-ancestors 'self' ${new URL(site.cmsUrl).origin}`,
    );
    // The page's own reads after hydration (its comments, a search) go through the site, drafts included.
    await previewing.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
    const list = previewing.page.getByRole('region', { name: 'Articles', exact: true });
    await expect(list.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(previewing.warnings).toEqual([]);

    // Another browser at the same address: the article does not exist for it.
    const reader = await browserOf(browser);
    await reader.page.goto(articlePath(title));
    await expect(reader.page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    await expect(banner(reader.page)).toHaveCount(0);
    expect(reader.warnings).toEqual([]);

    // Nowhere else either: the kept page, the sitemap, the feed, the public API.
    const kept = await request.get(`${site.url}${articlePath(title)}`);
    expect(await kept.text()).not.toContain('Words no reader has seen yet.');
    expect(kept.headers()['cache-control']).not.toContain('private');
    expect(await pageText(request, '/sitemaps/2026.xml')).not.toContain(encodeURIComponent(title));
    expect(await pageText(request, '/rss.xml')).not.toContain(title);
    const filter = `articles?filters[title_article][$eq]=${encodeURIComponent(title)}`;
    expect(await cmsData<unknown[]>(request, filter)).toEqual([]);
    await Promise.all([previewing.context.close(), reader.context.close()]);
  });

  test('ends for that browser at /preview/exit', async ({ browser }) => {
    const previewing = await browserOf(browser);
    await previewing.page.goto(await author.previewUrl(ARTICLE, documentId));
    await expect(banner(previewing.page)).toBeVisible();
    await banner(previewing.page).getByRole('link', { name: 'Exit preview' }).click();
    await previewing.page.waitForURL('**/Home');
    await previewing.page.goto(articlePath(title));
    await expect(previewing.page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    await expect(banner(previewing.page)).toHaveCount(0);
    await previewing.context.close();
  });

  test('shows nothing unpublished with a forged cookie or a wrong secret', async ({ browser, request }) => {
    const forger = await browserOf(browser);
    const far = Date.now() + 60 * 60_000;
    await forger.context.addCookies([{ name: 'blog_preview', value: `draft.${far}.${'0'.repeat(64)}`, url: site.url }]);
    await forger.page.goto(articlePath(title));
    await expect(forger.page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
    await expect(banner(forger.page)).toHaveCount(0);
    await forger.context.close();

    const url = new URL(await author.previewUrl(ARTICLE, documentId));
    url.searchParams.set('secret', 'guessed');
    const refused = await request.get(url.href, { maxRedirects: 0 });
    expect(refused.status()).toBe(401);
    expect(refused.headers()['set-cookie']).toBeUndefined();
    // The site's own address of the CMS's API is a preview's only.
    expect((await request.get(`${site.url}/_preview/cms/api/${'articles?status=draft'}`)).status()).toBe(403);
  });
});

test('previews an edit of About before it is published, to the author’s browser only', async ({ browser }) => {
  const before = await author.about();
  const phrase = unique('A phrase still in draft');
  await author.editAboutDraft({ phrase });
  try {
    const previewing = await browserOf(browser);
    await previewing.page.goto(await author.previewUrl(ABOUT, before.documentId));
    await expect(previewing.page).toHaveURL(/\/About$/);
    await expect(previewing.page.getByText(phrase)).toBeVisible();
    await expect(banner(previewing.page)).toContainText(`Preview of the draft of “${before.title}”`);
    expect(previewing.warnings).toEqual([]);

    const reader = await browserOf(browser);
    await reader.page.goto('/About');
    await expect(reader.page.getByText(before.phrase)).toBeVisible();
    await expect(reader.page.getByText(phrase)).toHaveCount(0);
    await Promise.all([previewing.context.close(), reader.context.close()]);
  } finally {
    await author.editAbout({ phrase: before.phrase });
  }
});

test.describe('a team’s next build of a section, for one browser', () => {
  const NEXT = 'Written by the next build of the pages section.';
  const previewSecret = () => process.env.PREVIEW_SECRET as string;
  let next: DeployedBuild;
  let dead: string;
  let server: RenderServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    next = await deployNextBuild('mf-pages', {
      'src/about/AboutPage.tsx': (text) =>
        text.replace('{about?.phrase && ', `<p>${NEXT}</p>\n        {about?.phrase && `),
    });
    dead = await deadOrigin();
    server = await startRenderServer({ env: { BLOG_PREVIEW_ORIGINS: `${next.url},${dead}` } });
  });
  test.afterAll(async () => {
    await server?.close();
    await next?.close();
  });

  const sectionsPreview = (manifest: string, secret = previewSecret()) =>
    `${server.url}/preview/sections?${new URLSearchParams({ secret, path: '/About', mf_pages: manifest })}`;

  test('is rendered and hydrated from that build for that browser only, until /preview/exit', async ({ browser }) => {
    const manifest = `${next.url}/mf-manifest.json`;
    const previewing = await browserOf(browser, server.url);
    const fromBuild: string[] = [];
    previewing.page.on('request', (request) => request.url().startsWith(next.url) && fromBuild.push(request.url()));
    const response = await previewing.page.goto(sectionsPreview(manifest));
    await expect(previewing.page).toHaveURL(`${server.url}/About`);
    expect(response?.headers()).toMatchObject({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
    await expect(previewing.page.getByText(NEXT)).toBeVisible();
    await expect(banner(previewing.page)).toContainText(`Preview of mf_pages from ${manifest}`);
    // The browser runs the build the server rendered with: it hydrates what the server sent, as it is.
    expect(fromBuild.some((url) => url.endsWith('.js'))).toBe(true);
    expect(previewing.warnings).toEqual([]);

    const reader = await browserOf(browser, server.url);
    await reader.page.goto('/About');
    await expect(reader.page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reader.page.getByText(NEXT)).toHaveCount(0);
    await expect(banner(reader.page)).toHaveCount(0);

    await banner(previewing.page).getByRole('link', { name: 'Exit preview' }).click();
    await previewing.page.waitForURL('**/Home');
    await previewing.page.goto('/About');
    await expect(previewing.page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(previewing.page.getByText(NEXT)).toHaveCount(0);
    await expect(banner(previewing.page)).toHaveCount(0);
    await Promise.all([previewing.context.close(), reader.context.close()]);
  });

  test('a dead build gives its section’s fallback in that browser only', async ({ browser }) => {
    const previewing = await browserOf(browser, server.url);
    await previewing.page.goto(sectionsPreview(`${dead}/mf-manifest.json`));
    await expect(previewing.page.getByRole('main').getByRole('alert')).toContainText(
      'The About section is unavailable right now.',
    );
    await expect(previewing.page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const reader = await browserOf(browser, server.url);
    await reader.page.goto('/About');
    await expect(reader.page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reader.page.getByRole('alert')).toHaveCount(0);
    await Promise.all([previewing.context.close(), reader.context.close()]);
  });

  test('refuses an origin not allowed, a section the site does not have, and a wrong secret', async ({ request }) => {
    const refused = async (url: string, status: number) => {
      const response = await request.get(url, { maxRedirects: 0 });
      expect(response.status(), url).toBe(status);
      expect(response.headers()['set-cookie'], url).toBeUndefined();
    };
    await refused(sectionsPreview('https://builds.elsewhere.example/mf-manifest.json'), 400);
    await refused(sectionsPreview(`${next.url}/mf-manifest.json`).replace('mf_pages=', 'mf_shop='), 400);
    await refused(sectionsPreview(`${next.url}/mf-manifest.json`, 'guessed'), 401);
  });
});
