import { author, freePort } from '@blog/cms/testing';
import type { APIRequestContext } from '@playwright/test';
import { WITHIN, articlePath, text, today, unique } from '../support/changes';
import { startRenderServer, type RenderServer } from '../support/render-server';
import type { MostPopularEntry } from '@blog/shared';
import { cmsData, expect, test } from '../support/site';
import varnishSupport from '../../scripts/varnish.cjs';

// Issue 32: Debian's Varnish with the project's VCL (ops/varnish/site.vcl) in front of a render
// server, purged by tag on every change the CMS reports, as `BLOG_VARNISH_PORT=6081 npm start` runs it.

type Varnish = Awaited<ReturnType<typeof varnishSupport.startVarnish>>;

/** A render server (on an origin the run's CMS reports its changes to) with Varnish in front. */
async function varnishInFront(env: Record<string, string> = {}) {
  const port = await freePort();
  const server = await startRenderServer({
    env: { BLOG_PURGE_URL: `http://127.0.0.1:${port}${varnishSupport.PURGE_PATH}`, ...env },
  });
  const varnish = await varnishSupport.startVarnish({
    listen: `127.0.0.1:${port}`,
    backend: { host: '127.0.0.1', port: new URL(server.url).port },
  });
  return { server, varnish };
}

const close = (varnish: Varnish | undefined) =>
  new Promise<void>((resolve) => (varnish ? varnish.close(resolve) : resolve()));

const varnishCache = async (request: APIRequestContext, url: string, headers: Record<string, string> = {}) =>
  (await request.get(url, { headers })).headers()['x-varnish-cache'];

test.describe('Varnish in front of the render server', () => {
  let server: RenderServer;
  let varnish: Varnish;
  test.beforeAll(async () => {
    ({ server, varnish } = await varnishInFront());
  });
  test.afterAll(async () => {
    await close(varnish);
    await server?.close();
  });

  test('keeps a page: the second request is a Varnish hit, without its tags', async ({ request }) => {
    const first = await request.get(`${varnish.url}/About`);
    expect(first.status()).toBe(200);
    expect(first.headers()['x-varnish-cache']).toBe('MISS');
    const second = await request.get(`${varnish.url}/About`);
    expect(second.headers()['x-varnish-cache']).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers()['surrogate-key']).toBeUndefined();
  });

  test('shows a publish, an edit and an unpublish within 2 s', async ({ request }) => {
    test.setTimeout(60_000);
    const pages = ['/Home', '/Articles'];
    const showsEverywhere = (title: string) => async () =>
      (await Promise.all(pages.map((path) => text(request, `${varnish.url}${path}`)))).map((body) =>
        body.includes(title),
      );
    // Every page is kept by Varnish before the change: without a purge it would be shown for a minute.
    for (const path of pages) {
      await request.get(`${varnish.url}${path}`);
      expect(await varnishCache(request, `${varnish.url}${path}`)).toBe('HIT');
    }

    const title = unique('Varnish Probe');
    const article = await author.publishArticle({
      title_article: title,
      date_of_the_article: today(),
      text_article: 'First words.',
    });
    try {
      await expect.poll(showsEverywhere(title), WITHIN).toEqual([true, true]);
      const page = articlePath(title);
      await expect.poll(() => text(request, `${varnish.url}${page}`), WITHIN).toContain('First words.');
      expect(await varnishCache(request, `${varnish.url}${page}`)).toBe('HIT');

      await author.editArticle(article.documentId, { text_article: 'Second words.' });
      await expect.poll(() => text(request, `${varnish.url}${page}`), WITHIN).toContain('Second words.');

      await author.unpublishArticle(article.documentId);
      await expect.poll(showsEverywhere(title), WITHIN).toEqual([false, false]);
      await expect.poll(() => text(request, `${varnish.url}${page}`), WITHIN).not.toContain('Second words.');
    } finally {
      await author.deleteArticle(article.documentId);
    }
  });

  test('keeps the other articles’ pages through a publish, which shows on them only in the parts every page shares', async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const [, { title_article: other }] = await cmsData<MostPopularEntry[]>(request, 'most-popular-articles');
    const otherPage = `${varnish.url}${articlePath(other)}`;
    await request.get(otherPage);
    expect(await varnishCache(request, otherPage)).toBe('HIT');

    const title = unique('Varnish Shared Probe');
    const article = await author.publishArticle({
      title_article: title,
      date_of_the_article: today(),
      text_article: 'Newest words.',
    });
    try {
      // Purged once Home, which lists it, shows it through Varnish.
      await expect.poll(() => text(request, `${varnish.url}/Home`), WITHIN).toContain(title);
      // Soft-purged: still answered by Varnish, fetched again behind.
      expect(await varnishCache(request, otherPage)).toBe('HIT');
    } finally {
      await author.deleteArticle(article.documentId);
    }
  });

  test('passes a preview, and any request with a preview cookie, straight through', async ({ request }) => {
    await request.get(`${varnish.url}/About`);
    expect(await varnishCache(request, `${varnish.url}/About`)).toBe('HIT');
    for (const cookie of ['blog_preview=draft.1.x', 'theme=dark; blog_sections=abc']) {
      expect(await varnishCache(request, `${varnish.url}/About`, { Cookie: cookie })).toBe('PASS');
      expect(await varnishCache(request, `${varnish.url}/About`, { Cookie: cookie })).toBe('PASS');
    }
    // Other cookies change no page, nor does the cookie of a canary that does not run: still
    // answered from what Varnish keeps.
    for (const cookie of ['theme=dark', 'blog_canary_mf_articles=x:in'])
      expect(await varnishCache(request, `${varnish.url}/About`, { Cookie: cookie })).toBe('HIT');
    await request.get(`${varnish.url}/preview?secret=wrong`);
    expect(await varnishCache(request, `${varnish.url}/preview?secret=wrong`)).toBe('PASS');
  });
});

test.describe('Varnish with the render server stopped', () => {
  let server: RenderServer;
  let varnish: Varnish;
  test.beforeAll(async () => {
    // Pages Varnish may keep for 1 s: what it answers later is from grace.
    ({ server, varnish } = await varnishInFront({
      BLOG_HTML_CACHE_CONTROL: 'public, max-age=0, s-maxage=1, stale-while-revalidate=1',
    }));
  });
  test.afterAll(() => close(varnish));

  test('still answers a kept page, long after its s-maxage', async ({ request }) => {
    test.setTimeout(40_000);
    const kept = await text(request, `${varnish.url}/About`);
    expect(await varnishCache(request, `${varnish.url}/About`)).toBe('HIT');
    await server.close();
    // Past the page's 1 s and the 10 s a healthy render server's pages are served stale for.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const answer = await request.get(`${varnish.url}/About`);
    expect(answer.status()).toBe(200);
    expect(Number(answer.headers().age)).toBeGreaterThanOrEqual(12);
    expect(await answer.text()).toBe(kept);
  });
});
