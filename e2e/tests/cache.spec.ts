import http from 'node:http';
import { author, freePort } from '@blog/cms/testing';
import { WITHIN, articlePath, text, today, unique } from '../support/changes';
import { pauseCms, reportChanges, resumeCms } from '../support/cms-control';
import { rawRequest } from '../support/raw-request';
import { deployNextBuild, type DeployedBuild } from '../support/section-build';
import { startRenderServer, type RenderServer, renderServerFor } from '../support/render-server';
import { startRedis, type RedisServer } from '../support/redis';
import type { MostPopularEntry } from '@blog/shared';
import { samples } from '../support/metrics';
import { cmsData, expect, site, test } from '../support/site';

// Issue 16: pages rendered once and answered from the render server's cache, which the CMS keeps
// true by reporting every change; the serving path's faults.

test.describe('the page cache', () => {
  test('renders a page once, then answers it kept, with the tags of what it shows', async ({ request }) => {
    await request.get(`${site.url}/New-start-here`);
    const kept = await request.get(`${site.url}/New-start-here`);
    expect(kept.headers()['x-cache']).toBe('HIT');
    expect(kept.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(kept.headers()['surrogate-key']?.split(' ')).toEqual(
      expect.arrayContaining(['site', 'start-here', 'shared-articles', 'contact']),
    );
    expect(kept.headers()['cache-tag']).toBe(kept.headers()['surrogate-key']?.replaceAll(' ', ','));
    const again = await request.get(`${site.url}/New-start-here`, {
      headers: { 'If-None-Match': kept.headers().etag },
    });
    expect(again.status()).toBe(304);
  });

  test('keeps one page for the addresses that show it, whatever else their query holds', async ({ request }) => {
    await request.get(`${site.url}/Articles?search=cyber&page=1`);
    const other = await request.get(`${site.url}/Articles?page=1&utm_source=mail&search=cyber`);
    expect(other.headers()['x-cache']).toBe('HIT');
  });

  test('shows an article’s life, as the author lives it in the admin panel, on every page within 2 s', async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const year = Number(today().slice(0, 4));
    const pages = ['/Home', '/Articles', `/New-letter?year=${year}`, `/sitemaps/${year}.xml`, '/rss.xml'];
    const showsEverywhere = (title: string) => async () =>
      (await Promise.all(pages.map((path) => text(request, `${site.url}${path}`)))).map(
        (body) => body.includes(title) || body.includes(encodeURIComponent(title)),
      );
    const everywhere = pages.map(() => true);
    const nowhere = pages.map(() => false);
    // Every page is kept before the change.
    for (const path of pages) await request.get(`${site.url}${path}`);

    const title = unique('Cache Probe');
    const article = await author.publishArticle({
      title_article: title,
      date_of_the_article: today(),
      text_article: 'First words.',
    });
    try {
      await expect.poll(showsEverywhere(title), WITHIN).toEqual(everywhere);
      await expect.poll(() => text(request, `${site.url}${articlePath(title)}`), WITHIN).toContain('First words.');

      await author.editArticle(article.documentId, {
        title_article: `${title} revised`,
        text_article: 'Second words.',
      });
      await expect.poll(showsEverywhere(`${title} revised`), WITHIN).toEqual(everywhere);
      await expect
        .poll(() => text(request, `${site.url}${articlePath(`${title} revised`)}`), WITHIN)
        .toContain('Second words.');

      await author.unpublishArticle(article.documentId);
      await expect.poll(showsEverywhere(title), WITHIN).toEqual(nowhere);
      await expect
        .poll(() => text(request, `${site.url}${articlePath(`${title} revised`)}`), WITHIN)
        .not.toContain('Second words.');

      await author.publish(article.documentId);
      await expect.poll(showsEverywhere(`${title} revised`), WITHIN).toEqual(everywhere);
    } finally {
      await author.deleteArticle(article.documentId);
    }
    await expect.poll(showsEverywhere(title), WITHIN).toEqual(nowhere);
  });

  test('shows an edit of About within 2 s', async ({ request }) => {
    await request.get(`${site.url}/About`);
    const before = await author.about();
    const phrase = unique('Writing from the Caribbean coast');
    await author.editAbout({ phrase });
    try {
      await expect.poll(() => text(request, `${site.url}/About`), WITHIN).toContain(phrase);
    } finally {
      await author.editAbout({ phrase: before.phrase });
    }
    await expect.poll(() => text(request, `${site.url}/About`), WITHIN).toContain(before.phrase);
  });

  test('shows an approved comment and a vote on the article’s page within 2 s', async ({ request }) => {
    const [{ title_article: title }] = await cmsData<MostPopularEntry[]>(request, 'most-popular-articles');
    await request.get(`${site.url}${articlePath(title)}`);
    const name = unique('Cached reader');
    const posted = await request.post(`${site.cmsUrl}/api/comments`, {
      data: { data: { name, comment: 'Seen by the cache.', article: title } },
      headers: { Origin: site.url },
    });
    const { documentId } = ((await posted.json()) as { data: { documentId: string } }).data;
    await author.approveComment(documentId);
    await expect.poll(() => text(request, `${site.url}${articlePath(title)}`), WITHIN).toContain(name);

    const page = () => text(request, `${site.url}${articlePath(title)}`);
    const likesOf = async () => {
      const html = await page();
      const comment = html.slice(html.indexOf(name));
      // Its like button is named with the count it shows: "Like comment by …, 3 likes".
      return /aria-label="Like comment by [^"]*, (\d+) likes?"/.exec(comment)?.[1];
    };
    expect(await likesOf()).toBe('0');
    await request.put(`${site.cmsUrl}/api/comments/${documentId}`, {
      data: { data: { like: '1' } },
      headers: { 'X-Vote-Base': '0', Origin: site.url },
    });
    await expect.poll(likesOf, WITHIN).toBe('1');
  });
});

test.describe('the parts every page shares', () => {
  let metricsPort = 0;
  const server = renderServerFor(async () => {
    metricsPort = await freePort();
    return { env: { BLOG_METRICS_PORT: String(metricsPort) } };
  });
  /** A counter of the render server's, at the sample whose label `label` is `value`. */
  const counter = async (name: string, label: string, value: string) => {
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    return samples(metrics, name).find(({ labels }) => labels[label] === value)?.value ?? 0;
  };
  /** How many kept pages the render server brought up to date in the background, by how. */
  const refreshes = async () => ({
    render: await counter('blog_page_cache_refreshes_total', 'how', 'render'),
    parts: await counter('blog_page_cache_refreshes_total', 'how', 'parts'),
  });
  /** How many reports of changes the render server took. */
  const reports = () => counter('blog_page_cache_invalidations_total', 'source', 'report');

  test('a published article leaves the other articles’ pages kept: answered at once, the new footer written in without a render', async ({
    page,
    request,
  }) => {
    const [, { title_article: other }] = await cmsData<MostPopularEntry[]>(request, 'most-popular-articles');
    const otherPage = `${server().url}${articlePath(other)}`;
    await request.get(otherPage);
    expect((await request.get(otherPage)).headers()['x-cache']).toBe('HIT');
    const before = await refreshes();
    const reportsBefore = await reports();

    const title = unique('Shared Part Probe');
    const article = await author.publishArticle({
      title_article: title,
      date_of_the_article: today(),
      text_article: 'Newest words.',
    });
    try {
      // The CMS reports the draft, then its publication (each maybe twice): all taken once two have
      // come and none for a second.
      let taken = reportsBefore;
      await expect
        .poll(
          async () => {
            const [was, now] = [taken, (taken = await reports())];
            return now >= reportsBefore + 2 && now === was;
          },
          { timeout: 10_000, intervals: [1_000] },
        )
        .toBe(true);
      // Home, which lists it, rendered after them: with the footer as it is now.
      await expect
        .poll(async () => {
          const home = await request.get(`${server().url}/Home`);
          return [home.headers()['x-cache'], (await home.text()).includes(title)];
        }, WITHIN)
        .toEqual(['HIT', true]);
      const first = await request.get(otherPage);
      expect(first.headers()['x-cache']).toBe('STALE');
      expect(await first.text()).not.toContain(title);
      // Behind that answer, Home's footer is written into the page kept: no render of it.
      await expect
        .poll(async () => {
          const next = await request.get(otherPage);
          return [next.headers()['x-cache'], (await next.text()).includes(title)];
        }, WITHIN)
        .toEqual(['HIT', true]);
      expect(await refreshes()).toEqual({ render: before.render, parts: before.parts + 1 });
      // The browser hydrates the page from the reads written in with the footer (no mismatch), and follows its link.
      await page.goto(otherPage);
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await footer.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    } finally {
      await author.deleteArticle(article.documentId);
    }
  });
});

test.describe('the reads many pages share', () => {
  const server = renderServerFor();

  test('are read once: an article page not kept yet costs the CMS its own reads, until a change drops them', async ({
    request,
  }) => {
    const [first, second, third] = (await cmsData<MostPopularEntry[]>(request, 'most-popular-articles')).map(
      ({ title_article }) => title_article,
    );
    /** The reads of the CMS rendering an article's page took, as its `Server-Timing` counts them. */
    const cmsReadsOf = async (title: string) => {
      const response = await request.get(`${server().url}${articlePath(title)}`);
      expect(response.headers()['x-cache']).toBe('MISS');
      return Number(/cms;[^,]*desc="(\d+) reads"/.exec(response.headers()['server-timing'] ?? '')?.[1]);
    };
    const coldest = await cmsReadsOf(first);
    const own = await cmsReadsOf(second);
    // The article and its comments.
    expect(own).toBeLessThanOrEqual(2);
    expect(coldest).toBeGreaterThan(own);

    // Most popular, topics and the newest are read again once articles changed.
    await reportChanges(server().url, [{ event: 'entry.update', uid: 'api::article.article' }]);
    expect(await cmsReadsOf(third)).toBeGreaterThan(own);
  });
});

test.describe('links come from the site’s address', () => {
  test('a forged Host changes no link; a malformed one is refused', async () => {
    for (const path of ['/Home', '/sitemap.xml', '/sitemaps/pages.xml', '/rss.xml']) {
      const { status, body } = await rawRequest(site.url, path, { headers: { Host: 'evil.example' } });
      expect(status).toBe(200);
      expect(body, path).not.toContain('evil.example');
      expect(body, path).toContain(site.url);
    }
    expect((await rawRequest(site.url, '/Home', { headers: { Host: 'evil example/' } })).status).toBe(400);
  });
});

test.describe('the CMS’s reports of changes', () => {
  test('are refused without the shared secret, and never kept', async () => {
    const report = JSON.stringify({ changes: [{ event: 'entry.update', uid: 'api::about-me.about-me' }] });
    const headers = { 'Content-Type': 'application/json' };
    const unsigned = await rawRequest(site.url, '/_revalidate', { method: 'POST', headers, body: report });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers['cache-control']).toBe('no-store');
    const forged = await rawRequest(site.url, '/_revalidate', {
      method: 'POST',
      headers: { ...headers, 'X-Blog-Signature': `t=${Date.now()},v1=${'0'.repeat(64)}` },
      body: report,
    });
    expect(forged.status).toBe(401);
  });
});

test.describe('a CDN in front', () => {
  const purged: { authorization?: string; tags: string[] }[] = [];
  let cdn: http.Server;
  let server: RenderServer;
  test.beforeAll(async () => {
    // Stands in for Cloudflare's purge by tag.
    cdn = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        purged.push({ authorization: req.headers.authorization, tags: (JSON.parse(body) as { tags: string[] }).tags });
        res.end('{"success":true}');
      });
    });
    await new Promise<void>((resolve) => cdn.listen(0, resolve));
    const purgeUrl = `http://localhost:${(cdn.address() as { port: number }).port}/zones/site/purge_cache`;
    server = await startRenderServer({
      env: { BLOG_PURGE_URL: purgeUrl, BLOG_PURGE_AUTHORIZATION: 'Bearer cdn-token' },
    });
  });
  test.afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => cdn?.close(resolve));
  });

  test('is asked to drop by tag what the render server drops', async () => {
    const about = await author.about();
    await reportChanges(server.url, [
      { event: 'entry.update', uid: 'api::about-me.about-me', documentId: about.documentId },
    ]);
    // The CMS reports other tests' changes to this server too: this report's purge is the one with About alone.
    await expect.poll(() => purged).toContainEqual({ authorization: 'Bearer cdn-token', tags: ['about'] });
  });
});

test.describe('render servers sharing Redis', () => {
  let redis: RedisServer;
  const servers: RenderServer[] = [];
  test.beforeAll(async () => {
    redis = await startRedis();
    const env = { BLOG_CACHE_URL: redis.url };
    // The first is told of changes by the CMS; the second, on a port the CMS knows nothing of, only shares its cache.
    servers.push(await startRenderServer({ env }), await startRenderServer({ env, port: await freePort() }));
  });
  test.afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await redis?.stop();
  });

  test('keep one copy of a page, and both drop it when it changes', async ({ request }) => {
    const [told, sharing] = servers;
    expect((await request.get(`${told.url}/About`)).headers()['x-cache']).toBe('MISS');
    expect((await request.get(`${sharing.url}/About`)).headers()['x-cache']).toBe('HIT');

    const before = await author.about();
    const phrase = unique('Shared through Redis');
    await author.editAbout({ phrase });
    try {
      for (const server of servers)
        await expect.poll(() => text(request, `${server.url}/About`), WITHIN).toContain(phrase);
    } finally {
      await author.editAbout({ phrase: before.phrase });
    }
  });
});

test.describe('the serving path', () => {
  test('never serves the render server’s own code, however the address spells it', async () => {
    for (const path of [
      '/%73erver/index.js',
      '//server/index.js.map',
      '/server/index.js',
      '/./server/remotes.json',
      '/index.html',
    ]) {
      const { status, body } = await rawRequest(site.url, path);
      expect(status, path).toBe(404);
      expect(body, path).toContain('Page not found');
    }
  });

  test('sends other spellings of a route to it, as the browser’s router reads them', async ({ page, request }) => {
    for (const path of ['/articles', '/ARTICLES', '/Articles/']) {
      const answer = await request.get(`${site.url}${path}?search=naval`, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(301);
      expect(answer.headers().location).toBe('/Articles?search=naval');
    }
    await page.goto('/articles');
    await expect(page).toHaveURL(`${site.url}/Articles`);
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
  });

  test('answers HEAD from what it keeps, without rendering', async ({ request }) => {
    const got = await request.get(`${site.url}/Contact`);
    const head = await rawRequest(site.url, '/Contact', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.headers.etag).toBe(got.headers().etag);
    expect(head.body).toBe('');
  });

  test('says it is alive', async ({ request }) => {
    const health = await request.get(`${site.url}/healthz`);
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
  });
});

test.describe('with the CMS stalled', () => {
  const server = renderServerFor();

  test('every page answers within its deadline: the last good copy, or the empty views, never kept as good', async ({
    request,
  }) => {
    test.setTimeout(60_000);
    const kept = ['/About', '/Home', '/New-letter'];
    for (const path of kept) await request.get(`${server().url}${path}`);
    const about = await author.about();
    // About changed: its page has only its last good copy left.
    await reportChanges(server().url, [
      { event: 'entry.update', uid: 'api::about-me.about-me', documentId: about.documentId },
    ]);
    const expected: Record<string, string> = {
      '/About': 'FALLBACK',
      '/Home': 'HIT',
      '/New-letter': 'HIT',
      // Never rendered well: the empty views of spec §8, for this visitor only.
      '/Articles?search=naval': 'DEGRADED',
      '/Contact': 'DEGRADED',
      '/sitemap.xml': 'DEGRADED',
    };
    pauseCms();
    try {
      for (const [path, outcome] of Object.entries(expected)) {
        const started = Date.now();
        const answer = await request.get(`${server().url}${path}`, { timeout: 10_000 });
        expect(Date.now() - started, `${path} answered within its deadline`).toBeLessThan(4_000);
        expect(answer.status(), path).toBe(200);
        expect(answer.headers()['x-cache'], path).toBe(outcome);
        // Only a good render is for a CDN to keep.
        if (outcome !== 'HIT') expect(answer.headers()['cache-control'], path).toBe('no-store');
      }
      expect(await text(request, `${server().url}/About`)).toContain(about.phrase);
    } finally {
      resumeCms();
    }
    for (const path of ['/About', '/Contact'])
      expect((await request.get(`${server().url}${path}`)).headers()['x-cache'], path).toBe('MISS');
  });

  test('a render that outlasts its own deadline is given up: the last good copy, else a 503 to try again, never an answer that does not come', async ({
    request,
  }) => {
    test.setTimeout(60_000);
    // Its reads would wait for the CMS far longer than its whole render may take.
    const patient = await startRenderServer({
      env: { BLOG_READ_TIMEOUT_SECONDS: '60', BLOG_RENDER_TIMEOUT_SECONDS: '1' },
      logs: true,
    });
    try {
      await request.get(`${patient.url}/About`);
      const about = await author.about();
      await reportChanges(patient.url, [
        { event: 'entry.update', uid: 'api::about-me.about-me', documentId: about.documentId },
      ]);
      pauseCms();
      try {
        const kept = await request.get(`${patient.url}/About`, { timeout: 10_000 });
        expect(kept.status()).toBe(200);
        expect(kept.headers()['x-cache']).toBe('FALLBACK');
        const never = await request.get(`${patient.url}/Contact`, { timeout: 10_000 });
        expect(never.status()).toBe(503);
        expect(never.headers()['retry-after']).toBe('5');
        expect(never.headers()['cache-control']).toBe('no-store');
      } finally {
        resumeCms();
      }
      const back = await request.get(`${patient.url}/Contact`);
      expect([back.status(), back.headers()['x-cache']]).toEqual([200, 'MISS']);
    } finally {
      await patient.close();
    }
    // Its log says so, to its last line: what it held is written as it stops.
    const messages = patient.logs().map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain('/Contact could not be rendered in time, and no copy of it is kept');
  });
});

test.describe('a render under way', () => {
  /** How long About's server render holds its thread: a stand-in for a slow section. */
  const HOLD_MS = 4_000;
  let build: DeployedBuild | undefined;
  let server: RenderServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    build = await deployNextBuild('mf-pages', {
      'src/about/AboutPage.tsx': (source) =>
        source.replace(
          '{about?.phrase && ',
          `{typeof window === 'undefined' && (() => { const end = Date.now() + ${HOLD_MS}; while (Date.now() < end); })()}\n        {about?.phrase && `,
        ),
    });
    server = await startRenderServer({ remotes: { mf_pages: `${build.url}/mf-manifest.json` } });
  });
  test.afterAll(async () => {
    await server?.close();
    await build?.close();
  });

  test('delays no kept page: they are answered while another page renders', async () => {
    test.setTimeout(60_000);
    const url = server?.url ?? '';
    await fetch(`${url}/Home`);
    expect((await fetch(`${url}/Home`)).headers.get('x-cache')).toBe('HIT');
    let aboutAnswered = false;
    const about = fetch(`${url}/About`).then((response) => {
      aboutAnswered = true;
      return response;
    });
    // Past About's reads, into the render that holds its thread.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const answeredMs: number[] = [];
    for (let asked = 0; asked < 5; asked += 1) {
      const started = performance.now();
      const home = await fetch(`${url}/Home`);
      expect(home.headers.get('x-cache')).toBe('HIT');
      answeredMs.push(Math.round(performance.now() - started));
    }
    test.info().annotations.push({ type: 'kept page during a render', description: `${answeredMs.join(', ')} ms` });
    expect(Math.max(...answeredMs)).toBeLessThan(HOLD_MS / 4);
    expect(aboutAnswered).toBe(false);
    const slow = await about;
    expect(slow.status).toBe(200);
    expect(slow.headers.get('x-cache')).toBe('MISS');
  });
});
