import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { asReactWrites } from '../support/react-text';
import { liveManifest, startRenderServer } from '../support/render-server';
import { cmsData, countReactRenderers, expect, reactRenderers, site, test } from '../support/site';

// Issue 11: every route answered with its page rendered on the server, for visitors without
// JavaScript, crawlers and link previews; the browser takes it over without asking again.

const CDN_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const ROUTES = ['/', '/Home', '/Articles', '/New-start-here', '/New-letter', '/About', '/Contact'];

interface Titled {
  title_article: string;
}

const articlePath = (title: string) => `/Articles?title=${encodeURIComponent(title)}`;

/** The article with the most approved comments, as the site links to it. */
async function mostCommented(request: APIRequestContext) {
  const [popular] = await cmsData<(Titled & { comments: number })[]>(request, 'most-popular-articles');
  return popular;
}

/** Every published article's title, read year by year from the archive. */
async function everyTitle(request: APIRequestContext): Promise<string[]> {
  const years = await cmsData<number[]>(request, 'archive-years');
  const perYear = await Promise.all(years.map((year) => cmsData<Titled[]>(request, `archive-years/${year}`)));
  return perYear.flat().map(({ title_article }) => title_article);
}

/** The lines of an article's text as a reader sees them: its markup signs (spec §5) and bold gone. */
const readLines = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .replace(/^(#{1,4} |> ?)/, '')
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/\*\*/g, '')
        .trim(),
    )
    .filter((line) => line !== '');

/** The article's deep link, its text, its photo and its approved comments, as the CMS holds them. */
async function deepLinked(request: APIRequestContext) {
  const { title_article: title } = await mostCommented(request);
  const query = new URLSearchParams({ 'filters[title_article][$eq]': title, 'populate[photo_article]': 'true' });
  const [article] = await cmsData<
    { title_article: string; text_article: string; date_of_the_article: string; photo_article: { url: string }[] }[]
  >(request, `articles?${query}`);
  const comments = await cmsData<{ name: string; comment: string }[]>(
    request,
    `comments?${new URLSearchParams({ 'filters[article][$eq]': title, 'sort[0]': 'id:asc', 'pagination[pageSize]': '100' })}`,
  );
  return { title, path: articlePath(title), article, comments };
}

/** Parses XML as a browser would, failing on anything that is not well-formed. */
async function parseXml(page: Page, xml: string) {
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    const error = document.querySelector('parsererror');
    return {
      error: error?.textContent ?? null,
      root: document.documentElement.nodeName,
      locs: [...document.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
      items: [...document.getElementsByTagName('item')].map((item) => ({
        title: item.getElementsByTagName('title')[0]?.textContent ?? '',
        link: item.getElementsByTagName('link')[0]?.textContent ?? '',
        pubDate: item.getElementsByTagName('pubDate')[0]?.textContent ?? '',
      })),
    };
  }, xml);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/Home shows the two newest articles', async ({ page, request }) => {
    const newest = await cmsData<Titled[]>(request, 'latest-articles?limit=2');
    expect(newest).toHaveLength(2);
    await page.goto('/Home');
    const latest = page.getByRole('region', { name: 'Latest articles' });
    await expect(latest.getByRole('article').locator('> h2')).toHaveText(
      newest.map(({ title_article }) => title_article),
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Defense Analysis for the Data-Driven Age' }),
    ).toBeVisible();
  });

  test('/Articles shows the first page of cards', async ({ page, request }) => {
    const firstPage = await cmsData<Titled[]>(request, 'article-summaries?page=1');
    expect(firstPage.length).toBeGreaterThan(1);
    await page.goto('/Articles');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    for (const { title_article } of firstPage) {
      await expect(main.getByRole('heading', { level: 2, name: title_article, exact: true })).toBeVisible();
    }
  });

  test('a link to an article shows its text and its comments', async ({ page, request }) => {
    const { title, path, article, comments } = await deepLinked(request);
    expect(comments.length).toBeGreaterThan(0);
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    for (const line of readLines(article.text_article).slice(0, 5)) await expect(main).toContainText(line);
    const shown = main.getByRole('region', { name: /Community comments/ });
    for (const { name, comment } of comments.slice(0, 10)) {
      await expect(shown).toContainText(name);
      await expect(shown).toContainText(comment);
    }
  });

  test('/New-letter shows the latest year’s archive', async ({ page, request }) => {
    const [latestYear] = await cmsData<number[]>(request, 'archive-years');
    const entries = await cmsData<Titled[]>(request, `archive-years/${latestYear}`);
    await page.goto('/New-letter');
    const archive = page.getByRole('region', { name: 'NewsLetters by date' });
    await expect(archive.getByRole('combobox', { name: 'Year' })).toHaveValue(String(latestYear));
    for (const { title_article } of entries) {
      await expect(archive.getByRole('link', { name: title_article })).toBeVisible();
    }
  });

  test('every page arrives with its stylesheets written in: none is requested before it paints', async ({ page }) => {
    for (const route of ROUTES) {
      const stylesheets: string[] = [];
      const asked = (request: Request) => request.resourceType() === 'stylesheet' && stylesheets.push(request.url());
      page.on('request', asked);
      await page.goto(route);
      page.off('request', asked);
      expect(stylesheets, route).toEqual([]);
    }
  });

  test('/About, /New-start-here and /Contact show their texts', async ({ page, request }) => {
    const [about] = await cmsData<{ title: string; phrase: string }[]>(request, 'about-mes?populate=*');
    await page.goto('/About');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: about.title })).toBeVisible();
    await expect(page.getByRole('main').getByText(about.phrase, { exact: true })).toBeVisible();

    const [startHere] = await cmsData<{ title: string; photo_by: string }[]>(request, 'new-start-heres?populate=*');
    await page.goto('/New-start-here');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: startHere.title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('figure', { name: startHere.photo_by })).toBeVisible();

    const [details] = await cmsData<{ email: string; phone: string }[]>(request, 'contact-details?populate=*');
    await page.goto('/Contact');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: details.email })).toHaveAttribute('href', `mailto:${details.email}`);
    await expect(main.getByRole('link', { name: details.phone })).toBeVisible();
  });

  test('a link to an article previews as that article: Open Graph tags, canonical address and a BlogPosting', async ({
    page,
    request,
  }) => {
    const { title, path, article } = await deepLinked(request);
    await page.goto(path);
    const meta = (key: string) => page.locator(`head meta[property="${key}"]`);
    const address = `${site.url}${path}`;
    await expect(meta('og:title')).toHaveAttribute('content', title);
    await expect(meta('og:type')).toHaveAttribute('content', 'article');
    await expect(meta('og:image')).toHaveAttribute('content', `${site.url}${article.photo_article[0].url}`);
    await expect(meta('article:published_time')).toHaveAttribute('content', article.date_of_the_article);
    await expect(meta('og:url')).toHaveAttribute('content', address);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', address);
    await expect(page).toHaveTitle(`${title} · Defense Analysis`);

    const data: unknown = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null',
    );
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: title,
      datePublished: article.date_of_the_article,
      image: `${site.url}${article.photo_article[0].url}`,
    });
  });

  test('the home page describes the site as a WebSite and advertises the feed', async ({ page }) => {
    await page.goto('/');
    const data: unknown = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? 'null',
    );
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'WebSite', url: `${site.url}/` });
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      `${site.url}/rss.xml`,
    );
  });

  test('the home page’s largest image is in the HTML, sized, with its smaller copies and fetched first', async ({
    page,
  }) => {
    await page.goto('/Home');
    const photo = page.getByRole('region', { name: 'Latest articles' }).getByRole('article').first().getByRole('img');
    await expect(photo).toHaveAttribute('fetchpriority', 'high');
    await expect(photo).toHaveAttribute('width', /^\d+$/);
    await expect(photo).toHaveAttribute('height', /^\d+$/);
    await expect(photo).toHaveAttribute('srcset', /\s\d+w,/);
    await expect(photo).not.toHaveAttribute('loading', 'lazy');
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
  });
});

test.describe('with JavaScript', () => {
  test('every page hydrates without a warning and asks for nothing the server gave it: no CMS read, no stylesheet, no file twice', async ({
    page,
    request,
  }) => {
    const { path } = await deepLinked(request);
    const asked: Request[] = [];
    page.on('request', (sent) => asked.push(sent));
    for (const route of [...ROUTES, path]) {
      asked.length = 0;
      // The page fixture waits for hydration; the hydration fixture fails the test on any warning.
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('alert')).toHaveCount(0);
      const urls = asked.map((sent) => sent.url());
      expect(
        urls.filter((url) => url.startsWith(`${site.cmsUrl}/api/`)),
        `${route} asked the CMS`,
      ).toEqual([]);
      // Its sections' stylesheets are written into the page; the section's runtime is not to fetch them again.
      expect(
        asked.filter((sent) => sent.resourceType() === 'stylesheet').map((sent) => sent.url()),
        `${route} asked for a stylesheet`,
      ).toEqual([]);
      expect(
        urls.filter((url, index) => urls.indexOf(url) !== index),
        `${route} asked twice`,
      ).toEqual([]);
    }
  });

  test('a page asks for its scripts once it has painted and its lead image has arrived; without that image it still starts', async ({
    page,
    request,
  }) => {
    const { path } = await deepLinked(request);
    for (const route of ['/Home', '/About', '/New-start-here', '/Contact', path]) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      const { paint, leadImageEnd, firstScript } = await page.evaluate(() => {
        const lead = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          leadImageEnd: resources.find(({ name }) => name === lead?.currentSrc)?.responseEnd,
          firstScript: Math.min(...resources.filter(({ name }) => /\.js(\?|$)/.test(name)).map((r) => r.startTime)),
        };
      });
      expect(leadImageEnd, `${route}: its lead image`).toBeDefined();
      expect(firstScript, `${route}: its first script after its first paint`).toBeGreaterThanOrEqual(paint);
      expect(firstScript, `${route}: its first script after its lead image`).toBeGreaterThanOrEqual(
        leadImageEnd as number,
      );
    }

    await page.route(`${site.url}/uploads/**`, (route) => route.abort());
    await page.goto('/About');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated');
  });
});

test.describe('one React', () => {
  test('every page runs one copy of React DOM, React 19, with each section and the footer alive', async ({
    page,
    request,
  }) => {
    await countReactRenderers(page);
    const { path } = await deepLinked(request);
    for (const route of [...ROUTES, path]) {
      await page.goto(route);
      // Below the fold too: the footer and the map wake as they come into view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const renderers = await reactRenderers(page);
      expect(renderers, route).toHaveLength(1);
      expect(renderers[0], route).toMatch(/^19\./);
    }
  });
});

test.describe('once it has arrived', () => {
  /** What moves in the page after its first paint: each layout shift with what it moved, as the browser reports them. */
  async function recordShifts(page: Page) {
    await page.addInitScript(() => {
      const shifts: { value: number; moved: string[] }[] = [];
      Object.defineProperty(window, '__layoutShifts', { value: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          const moved = entry.sources.map(({ node }) => {
            const element = node instanceof Element ? node : node?.parentElement;
            return element
              ? `<${element.tagName.toLowerCase()} class="${element.className}">${element.textContent?.slice(0, 40)}`
              : '?';
          });
          shifts.push({ value: entry.value, moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }

  /** Waits until everything the page shows has arrived: hydrated, no request pending, every image in view and stylesheet loaded. */
  async function settled(page: Page) {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(
      () =>
        document.documentElement.hasAttribute('data-hydrated') &&
        // Those below the fold load as they near it.
        [...document.images].every((image) => image.complete || image.loading === 'lazy') &&
        [...document.querySelectorAll('link[rel="stylesheet"]')].every((link) => (link as HTMLLinkElement).sheet),
    );
    // Shifts are reported after the frame that made them: two more frames and every one is in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`nothing on a page moves while its data, photos, styles and scripts arrive, ${viewport.width} px wide`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      await recordShifts(page);
      const titles = await everyTitle(request);
      const articles = [(await mostCommented(request)).title_article, titles[0], titles.at(-1) as string];
      for (const path of [...ROUTES, ...articles.map(articlePath)]) {
        await page.goto(path);
        await settled(page);
        // Not even a small one: the page, footer included, is laid out as it arrived (Lighthouse's CLS 0.000).
        const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts);
        expect(shifts, `layout shifts on ${path}`).toEqual([]);
      }
    });
  }

  test('a page that arrives in two pieces is painted whole: its share buttons do not move as the rest arrives', async ({
    page,
    request,
  }) => {
    // The site, its pages sent as a slow network delivers them: cut after the first share button.
    const slow = http.createServer((incoming, answer) => {
      void (async () => {
        const upstream = await fetch(`${site.url}${incoming.url ?? '/'}`);
        const type = upstream.headers.get('content-type') ?? '';
        const body = Buffer.from(await upstream.arrayBuffer());
        answer.writeHead(upstream.status, { 'content-type': type });
        const cut = body.indexOf('aria-label="Share on', body.indexOf('aria-label="Share on') + 1);
        if (!type.startsWith('text/html') || cut < 0) {
          answer.end(body);
          return;
        }
        answer.write(body.subarray(0, cut));
        setTimeout(() => answer.end(body.subarray(cut)), 500);
      })().catch(() => answer.destroy());
    });
    await new Promise<void>((listening) => slow.listen(0, listening));
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await recordShifts(page);
      const { port } = slow.address() as AddressInfo;
      await page.goto(`http://localhost:${port}${(await deepLinked(request)).path}`);
      await settled(page);
      const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts);
      expect(shifts).toEqual([]);
    } finally {
      slow.closeAllConnections();
      await new Promise((closed) => slow.close(closed));
    }
  });
});

test.describe('for crawlers and caches', () => {
  test('the sitemap is an index of XML files listing every page at its canonical address and every published article', async ({
    page,
    request,
  }) => {
    const xmlAt = async (url: string) => {
      const response = await request.get(url);
      expect(response.ok(), url).toBe(true);
      expect(response.headers()['content-type'], url).toMatch(/xml/);
      const xml = await parseXml(page, await response.text());
      expect(xml.error, url).toBeNull();
      return xml;
    };
    const index = await xmlAt('/sitemap.xml');
    expect(index.root).toBe('sitemapindex');
    // The routes, then one file a year that has articles.
    const years = await cmsData<number[]>(request, 'archive-years');
    expect(index.locs).toEqual([
      `${site.url}/sitemaps/pages.xml`,
      ...years.map((year) => `${site.url}/sitemaps/${year}.xml`),
    ]);
    const files = await Promise.all(index.locs.map(xmlAt));
    expect(files.map(({ root }) => root)).toEqual(index.locs.map(() => 'urlset'));
    const sitemap = { locs: files.flatMap(({ locs }) => locs) };
    for (const route of ROUTES) {
      const html = await (await request.get(route)).text();
      const canonical = /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
      expect(canonical, `${route}'s canonical address`).toMatch(new RegExp(`^${site.url}/`));
      expect(sitemap.locs, route).toContain(canonical);
    }
    const listed = sitemap.locs
      .map((loc) => new URL(loc))
      .filter(({ pathname, searchParams }) => pathname === '/Articles' && searchParams.has('title'))
      .map(({ searchParams }) => searchParams.get('title'));
    expect(listed.sort()).toEqual((await everyTitle(request)).sort());
  });

  test('the RSS feed is XML listing the newest articles, each linked to its page', async ({ page, request }) => {
    const newest = await cmsData<Titled[]>(request, 'article-summaries?page=1');
    const response = await request.get('/rss.xml');
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const feed = await parseXml(page, await response.text());
    expect(feed.error).toBeNull();
    expect(feed.root).toBe('rss');
    expect(feed.items.map(({ title }) => title)).toEqual(newest.map(({ title_article }) => title_article));
    for (const item of feed.items) {
      expect(item.link).toBe(`${site.url}${articlePath(item.title)}`);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  test('robots.txt names the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.ok()).toBe(true);
    expect(await response.text()).toMatch(new RegExp(`^Sitemap: ${site.url}/sitemap\\.xml$`, 'm'));
  });

  test('a page’s images come from the site’s own origin, as the CMS keeps them, and cannot act as the site', async ({
    page,
    request,
  }) => {
    await page.goto('/About');
    const lead = page.locator('img[fetchpriority="high"]');
    await expect
      .poll(() => lead.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeTruthy();
    const source = await lead.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(source.startsWith(`${site.url}/uploads/`), source).toBe(true);
    await expect(page.locator('head link[rel="preconnect"]')).toHaveCount(0);

    const upload = new URL(source).pathname;
    const [onSite, fromCms] = await Promise.all([request.get(upload), request.get(`${site.cmsUrl}${upload}`)]);
    expect(onSite.status()).toBe(200);
    expect(onSite.headers()['content-type']).toBe(fromCms.headers()['content-type']);
    expect((await onSite.body()).equals(await fromCms.body())).toBe(true);
    expect(onSite.headers()['content-security-policy']).toContain('sandbox');
    expect(onSite.headers()['x-content-type-options']).toBe('nosniff');
    // Part of a file, as an audio player asks for it.
    const [part, partFromCms] = await Promise.all([
      request.get(upload, { headers: { range: 'bytes=0-99' } }),
      request.get(`${site.cmsUrl}${upload}`, { headers: { range: 'bytes=0-99' } }),
    ]);
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(partFromCms.headers()['content-range']);
    expect((await part.body()).equals((await fromCms.body()).subarray(0, 100))).toBe(true);
    // A browser revalidating its copy is not sent the file again (the CMS itself would send it whole).
    const held = { 'if-modified-since': fromCms.headers()['last-modified'] };
    const again = await request.get(upload, { headers: held });
    expect(again.status()).toBe(304);
    expect((await again.body()).length).toBe(0);
    expect(again.headers()['last-modified']).toBe(fromCms.headers()['last-modified']);

    expect((await request.get('/uploads/no-such-file.jpg')).status()).toBe(404);
  });

  test('pages carry the CDN’s cache header; hashed files are kept for good', async ({ page, request }) => {
    for (const route of ROUTES) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      expect(response.headers()['content-type'], route).toMatch(/^text\/html/);
      expect(response.headers()['cache-control'], route).toBe(CDN_CACHE);
    }
    const hashed: string[] = [];
    page.on('response', (response) => {
      if (/\.[0-9a-f]{8}\.(js|css)$/.test(new URL(response.url()).pathname)) hashed.push(response.url());
    });
    await page.goto('/Home');
    await page.waitForLoadState('networkidle');
    // The shell's own files and the sections'.
    expect(hashed.some((url) => url.startsWith(site.url))).toBe(true);
    expect(hashed.some((url) => !url.startsWith(site.url))).toBe(true);
    for (const url of hashed) {
      const response = await request.get(url);
      expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  test('scripts and stylesheets arrive as the build compressed them with Brotli, from the site and the sections alike', async ({
    page,
    request,
  }) => {
    const encodings = new Map<string, string | undefined>();
    page.on('response', (response) => {
      if (/\.(js|css)$/.test(new URL(response.url()).pathname))
        encodings.set(response.url(), response.headers()['content-encoding']);
    });
    await page.goto('/Home');
    await page.waitForLoadState('networkidle');
    const brotli = [...encodings].filter(([, encoding]) => encoding === 'br').map(([url]) => url);
    expect(brotli.some((url) => url.startsWith(site.url))).toBe(true);
    expect(brotli.some((url) => !url.startsWith(site.url) && url.endsWith('/remoteEntry.js'))).toBe(true);
    // Only scripts too small to be worth it go otherwise.
    for (const [url, encoding] of encodings) {
      if (encoding !== 'br') expect((await (await request.get(url)).body()).length, url).toBeLessThan(1024);
    }
    // The same file, however it travels.
    const [largest] = (
      await Promise.all(brotli.map(async (url) => ({ url, body: await (await request.get(url)).body() })))
    ).sort((a, b) => b.body.length - a.body.length);
    const gzipped = await request.get(largest.url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers()['content-encoding']).toBe('gzip');
    expect((await gzipped.body()).equals(largest.body)).toBe(true);
    // What is edited after the build is never an old compressed copy.
    const sectionOrigin = new URL(brotli.find((url) => !url.startsWith(site.url)) as string).origin;
    for (const origin of [site.url, sectionOrigin]) {
      const config = await request.get(`${origin}/config.js`, { headers: { 'accept-encoding': 'br' } });
      expect(config.headers()['content-encoding'], origin).not.toBe('br');
    }
  });
});

test.describe('a section whose server build cannot be loaded', () => {
  // Nothing listens there: the section's host is down, for the render server and the browser alike.
  const DEAD = 'http://localhost:9/mf-manifest.json';

  test('renders its fallback in place, the rest of the site as usual, and the section again once it is back, with no restart', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const [about] = await cmsData<{ title: string }[]>(request, 'about-mes?populate=*');
    const newest = await cmsData<Titled[]>(request, 'latest-articles?limit=2');
    const server = await startRenderServer({ remotes: { mf_pages: DEAD } });
    try {
      const response = await request.get(`${server.url}/About`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      // React separates the pieces of a text with empty comments.
      const html = (await response.text()).replaceAll('<!-- -->', '');
      expect(html).toContain('The About section is unavailable right now.');
      expect(html).not.toContain(about.title);

      await page.goto(`${server.url}/About`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('main').getByRole('alert')).toContainText(
        'The About section is unavailable right now.',
      );

      const home = await (await request.get(`${server.url}/Home`)).text();
      for (const { title_article } of newest) expect(home).toContain(asReactWrites(title_article));

      // The section is deployed again: the server sees it at its next check, without a restart.
      server.setRemote('mf_pages', liveManifest('mf_pages'));
      await expect
        .poll(async () => (await (await request.get(`${server.url}/About`)).text()).includes(about.title), {
          timeout: 10_000,
        })
        .toBe(true);
      await page.goto(`${server.url}/About`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: about.title })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await server.close();
    }
  });
});
