import os from 'node:os';
import path from 'node:path';
import { author, freePort } from '@blog/cms/testing';
import type { MostPopularEntry } from '@blog/shared';
import { articlePath, unique } from '../support/changes';
import { renderServerFor } from '../support/render-server';
import { cmsData, expect, site, test } from '../support/site';

// Issue 41: the long tail kept before it is asked for, on disk beside the hot set, and a change
// rendered again in the background while readers keep getting the previous page.

const statusPort = freePort();
const cacheDir = path.join(os.tmpdir(), `blog-pages-prerender-${process.pid}`);

/** Every article's address the sitemap lists, as its path and query. */
async function sitemapArticles(siteUrl: string): Promise<string[]> {
  const locations = async (url: string) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
      loc
        .replaceAll('&apos;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&'),
    );
  const years = (await locations(`${siteUrl}/sitemap.xml`)).filter((file) => /\/sitemaps\/\d{4}/.test(file));
  const articles = (await Promise.all(years.map(locations))).flat();
  return articles.map((loc) => {
    const url = new URL(loc);
    return `${url.pathname}${url.search}`;
  });
}

/** What the server answers `HEAD` with: from what it keeps, rendering nothing. */
const keptHead = async (url: string) => (await fetch(url, { method: 'HEAD' })).headers.get('x-cache');

test.describe('the pre-renderer', () => {
  const server = renderServerFor(async () => ({
    env: { BLOG_PRERENDER: 'true', BLOG_CACHE_DIR: cacheDir, BLOG_STATUS_PORT: String(await statusPort) },
  }));

  test('keeps every article the sitemap lists before it is asked for, and renders a changed one again while its previous page is answered', async ({
    request,
  }) => {
    test.setTimeout(240_000);
    const { url } = server();
    const started = Date.now();
    const articles = await sitemapArticles(url);
    expect(articles.length).toBeGreaterThan(10);
    await expect
      .poll(
        async () =>
          (await Promise.all(articles.map((article) => keptHead(`${url}${article}`)))).filter(
            (cache) => cache !== 'HIT',
          ).length,
        {
          timeout: 120_000,
          intervals: [1_000],
        },
      )
      .toBe(0);
    const keptAfterMs = Date.now() - started;
    for (const article of articles)
      expect((await fetch(`${url}${article}`)).headers.get('x-cache'), article).toBe('HIT');
    for (const list of ['/Articles', '/Articles?page=2', '/New-letter'])
      expect((await fetch(`${url}${list}`)).headers.get('x-cache'), list).toBe('HIT');

    // What a page takes kept, for docs/code/page-cache.md.
    const sample = `${url}${articles[0]}`;
    const plain = (await (await fetch(sample, { headers: { 'Accept-Encoding': 'identity' } })).arrayBuffer())
      .byteLength;
    const gzipped = Number(
      (await fetch(sample, { headers: { 'Accept-Encoding': 'gzip' } })).headers.get('content-length'),
    );
    const status = (await (await fetch(`http://127.0.0.1:${await statusPort}/status`)).json()) as {
      cache: { bytes: number; pages: number };
      rss: number;
    };
    console.log(
      JSON.stringify({ articles: articles.length, keptAfterMs, plain, gzipped, disk: status.cache, rss: status.rss }),
    );

    // A comment approved on one article: that page is answered as it was until its new render is kept.
    const [{ title_article: title }] = await cmsData<MostPopularEntry[]>(request, 'most-popular-articles');
    const touched = `${url}${articlePath(title)}`;
    const others = articles
      .filter((article) => new URLSearchParams(article.slice(article.indexOf('?'))).get('title') !== title)
      .slice(0, 5);
    const name = unique('Pre-rendered reader');
    const posted = await request.post(`${site.cmsUrl}/api/comments`, {
      data: { data: { name, comment: 'Kept ahead.', article: title } },
      headers: { Origin: site.url },
    });
    const { documentId } = ((await posted.json()) as { data: { documentId: string } }).data;
    await author.approveComment(documentId);
    const answers: string[] = [];
    await expect
      .poll(
        async () => {
          const answer = await fetch(touched);
          const cache = answer.headers.get('x-cache') ?? '';
          answers.push(cache);
          return [cache, (await answer.text()).includes(name)];
        },
        { timeout: 5_000, intervals: [50] },
      )
      .toEqual(['HIT', true]);
    expect(answers.filter((cache) => cache !== 'HIT' && cache !== 'STALE')).toEqual([]);
    // The other articles show the new counts in their sidebar only: answered at once, never rendered for the reader.
    for (const article of others)
      expect(['HIT', 'STALE'], article).toContain((await fetch(`${url}${article}`)).headers.get('x-cache'));

    // A vote on it changes that page alone: the others stay fresh.
    for (const article of others)
      await expect
        .poll(async () => (await fetch(`${url}${article}`)).headers.get('x-cache'), { timeout: 5_000 })
        .toBe('HIT');
    await request.put(`${site.cmsUrl}/api/comments/${documentId}`, {
      data: { data: { like: '1' } },
      headers: { 'X-Vote-Base': '0', Origin: site.url },
    });
    const likes = async () => {
      const html = await (await fetch(touched)).text();
      // Its like button is named with the count it shows: "Like comment by …, 1 like".
      return /aria-label="Like comment by [^"]*, (\d+) likes?"/.exec(html.slice(html.indexOf(name)))?.[1];
    };
    await expect.poll(likes, { timeout: 5_000, intervals: [100] }).toBe('1');
    for (const article of others) expect((await fetch(`${url}${article}`)).headers.get('x-cache'), article).toBe('HIT');
  });
});
