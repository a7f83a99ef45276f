import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { author, signReport } from '@blog/cms/testing';
import type { MostPopularEntry } from '@blog/shared';
import { reportChanges } from '../support/cms-control';
import { childrenOf, rssOf } from '../support/processes';
import { rawRequest } from '../support/raw-request';
import { startRedis, type RedisServer } from '../support/redis';
import { liveManifest, startRenderServer, type RenderServer } from '../support/render-server';
import { cmsData, expect, site, test } from '../support/site';

// Issue 33: one visitor cannot poison, flush or starve what every other reader gets. Each test is
// one of the probes that found a way, and holds the way closed.

const articlePath = (title: string) => `/Articles?title=${encodeURIComponent(title)}`;

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += width)
    results.push(...(await Promise.all(items.slice(at, at + width).map(work))));
  return results;
}

/** A preview cookie of this run's, as the admin panel's Preview button gives a browser. */
async function previewCookie(): Promise<string> {
  const secret = process.env.PREVIEW_SECRET as string;
  const opened = await rawRequest(site.url, `/preview?${new URLSearchParams({ secret, path: '/Home' })}`);
  expect(opened.status).toBe(303);
  return String(opened.headers['set-cookie']?.[0]).split(';')[0];
}

test.describe('one address, one meaning', () => {
  test('a path that decodes to a query races no reader of the article into a 404', async ({ request }) => {
    const [{ title_article: title }] = await cmsData<MostPopularEntry[]>(request, 'most-popular-articles');
    const posted = await request.post(`${site.cmsUrl}/api/comments`, {
      data: { data: { name: 'Race reader', comment: 'Opens the window.', article: title } },
      headers: { Origin: site.url },
    });
    const { documentId } = ((await posted.json()) as { data: { documentId: string } }).data;
    await author.approveComment(documentId);
    expect((await request.get(`${site.url}${articlePath(title)}`)).status()).toBe(200);

    // A vote drops the article's page; its report is made sure of, so the window is open now.
    await request.put(`${site.cmsUrl}/api/comments/${documentId}`, {
      data: { data: { like: '1' } },
      headers: { 'X-Vote-Base': '0', Origin: site.url },
    });
    await reportChanges(site.url, [{ event: 'comment.vote', uid: 'api::comment.comment', article: title }]);
    const poisoned = articlePath(title).replace('?', '%3F');
    const [attack, ...readers] = await Promise.all([
      rawRequest(site.url, poisoned),
      ...Array.from({ length: 20 }, () => rawRequest(site.url, articlePath(title))),
    ]);
    expect(attack.status).toBe(400);
    expect(attack.headers['cache-control']).toBe('no-store');
    expect(readers.map(({ status }) => status)).toEqual(readers.map(() => 200));
    for (const reader of readers) expect(reader.headers['cache-control']).toContain('s-maxage');
  });

  test('the not-found page is kept by no CDN', async () => {
    const missing = await rawRequest(site.url, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['surrogate-key']).toBeUndefined();
  });

  test('the build’s own page is not the site’s, however it is spelled', async () => {
    for (const path of ['/index', '/index.html']) {
      const answer = await rawRequest(site.url, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toContain('Page not found');
    }
    const encoded = await rawRequest(site.url, '/index.html%3F');
    expect(encoded.status).toBe(400);
    expect(encoded.body).not.toContain('<html');
  });
});

test.describe('the page cache, flooded', () => {
  let server: RenderServer;
  test.beforeAll(async () => {
    // Room for a few dozen pages: before searches were kept apart, a hundred of them pushed every page out.
    server = await startRenderServer({ env: { BLOG_CACHE_MAX_MB: '2', BLOG_CACHE_LONG_TAIL_MB: '2' } });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('by 2,000 distinct searches, still answers the site’s pages from what it keeps', async ({ request }) => {
    test.setTimeout(240_000);
    for (const path of ['/Home', '/About']) await request.get(`${server.url}${path}`);
    const searches = Array.from({ length: 2_000 }, (_, i) => `/Articles?search=${encodeURIComponent(`flood ${i}`)}`);
    const statuses = await inBatches(searches, 16, async (path) => (await fetch(`${server.url}${path}`)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    for (const path of ['/Home', '/About'])
      expect((await request.get(`${server.url}${path}`)).headers()['x-cache'], path).toBe('HIT');
  });
});

test.describe('renders per client', () => {
  const servers: RenderServer[] = [];
  let redis: RedisServer | undefined;
  test.afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await redis?.stop();
    redis = undefined;
  });

  const searchOf = (server: RenderServer, i: number, headers: Record<string, string> = {}) =>
    rawRequest(server.url, `/Articles?search=${encodeURIComponent(`limit ${randomUUID()} ${i}`)}`, { headers });

  test('are limited, with a 429 and when to come back; what is kept is still answered', async () => {
    const server = await startRenderServer({ env: { BLOG_RENDERS_PER_CLIENT: '10' } });
    servers.push(server);
    expect((await rawRequest(server.url, '/About')).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await searchOf(server, i)).status);
    expect(statuses).toEqual([...Array<number>(9).fill(200), 429, 429, 429]);
    const refused = await searchOf(server, 99);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.headers['cache-control']).toBe('no-store');
    const kept = await rawRequest(server.url, '/About');
    expect([kept.status, kept.headers['x-cache']]).toEqual([200, 'HIT']);
    // An address in X-Forwarded-For names nobody where no proxy of the site's own stands in front.
    expect((await searchOf(server, 100, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(429);
  });

  test('are counted per client behind the site’s own proxy', async () => {
    const server = await startRenderServer({ env: { BLOG_RENDERS_PER_CLIENT: '3', BLOG_PROXY_HOPS: '1' } });
    servers.push(server);
    const as = (client: string) => ({ 'X-Forwarded-For': `forged, ${client}` });
    for (let i = 0; i < 3; i += 1) expect((await searchOf(server, i, as('203.0.113.1'))).status).toBe(200);
    expect((await searchOf(server, 3, as('203.0.113.1'))).status).toBe(429);
    expect((await searchOf(server, 4, as('203.0.113.2'))).status).toBe(200);
  });

  test('are one limit for render servers sharing Redis', async () => {
    redis = await startRedis();
    const env = { BLOG_CACHE_URL: redis.url, BLOG_RENDERS_PER_CLIENT: '6' };
    servers.push(await startRenderServer({ env }), await startRenderServer({ env }));
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await searchOf(servers[i % 2], i)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });
});

test.describe('the tile server’s share', () => {
  let tileServer: http.Server;
  let server: RenderServer;
  test.beforeAll(async () => {
    // A tile server of this test's own: the run's stand-in counts what the contact tests asked of it.
    tileServer = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end('png'));
    await new Promise<void>((resolve) => tileServer.listen(0, '127.0.0.1', resolve));
    const { port } = tileServer.address() as net.AddressInfo;
    // Each request names its client, as the site's own proxy would.
    server = await startRenderServer({
      config: { tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png` },
      env: { BLOG_PROXY_HOPS: '1', BLOG_TILE_READS_PER_CLIENT: '60' },
    });
  });
  test.afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => tileServer?.close(resolve));
  });

  test('flooded with tiles no page shows, keeps the contact map’s tiles, and limits each client', async () => {
    const contact = await rawRequest(server.url, '/Contact');
    const own = /\/tiles\/\d+\/\d+\/\d+\.png/.exec(contact.body)?.[0];
    expect(own).toBeDefined();
    const tile = (client: string, path: string) =>
      rawRequest(server.url, path, { headers: { 'X-Forwarded-For': client } });
    // 310 tiles far from the contact address, from ten clients, each within its own limit.
    const flood = Array.from({ length: 310 }, (_, i) => ({
      client: `198.51.100.${i % 10}`,
      path: `/tiles/5/${i % 32}/${Math.floor(i / 32)}.png`,
    }));
    const statuses = await inBatches(flood, 10, async ({ client, path }) => (await tile(client, path)).status);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    const ownTile = await tile('192.0.2.1', own as string);
    expect(ownTile.status).toBe(200);
    expect(ownTile.headers['content-type']).toBe('image/png');

    const scraper = [];
    for (let i = 0; i < 61; i += 1) scraper.push((await tile('192.0.2.66', `/tiles/18/${i}/7.png`)).status);
    expect(scraper.at(-1)).toBe(429);
  });
});

test.describe('reports of changes', () => {
  test('unsigned, are refused before their body is read: 200 slow ones hold no memory', async () => {
    const server = await startRenderServer();
    try {
      const before = rssOf(server.pid);
      const { port } = new URL(server.url);
      const sockets = await Promise.all(
        Array.from(
          { length: 200 },
          () =>
            new Promise<net.Socket>((resolve) => {
              const socket = net.connect(Number(port), '127.0.0.1', () => {
                socket.write(
                  'POST /_revalidate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
                    'Content-Length: 1048576\r\n\r\n',
                );
                // Most of a report's largest body, then nothing more: a slow sender.
                socket.write(Buffer.alloc(1_000_000, 0x20), () => resolve(socket));
              });
              socket.on('error', () => resolve(socket));
            }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const grown = rssOf(server.pid) - before;
      for (const socket of sockets) socket.destroy();
      expect(grown).toBeLessThan(50 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  test('signed, are taken once: a captured one replayed is refused', async () => {
    const body = JSON.stringify({
      changes: [{ event: 'entry.update', uid: 'api::new-start-here.new-start-here' }],
      nonce: randomUUID(),
    });
    const headers = {
      'Content-Type': 'application/json',
      'X-Blog-Signature': signReport(process.env.REVALIDATE_SECRET as string, body, Date.now()),
    };
    const first = await rawRequest(site.url, '/_revalidate', { method: 'POST', headers, body });
    expect(first.status).toBe(200);
    for (let replay = 0; replay < 2; replay += 1)
      expect((await rawRequest(site.url, '/_revalidate', { method: 'POST', headers, body })).status).toBe(409);
  });

  test('larger than a report can be are refused unread', async () => {
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': String(2 * 1024 * 1024),
      'X-Blog-Signature': `t=${Date.now()},v1=${'0'.repeat(64)}`,
    };
    const refused = await rawRequest(site.url, '/_revalidate', { method: 'POST', headers });
    expect(refused.status).toBe(413);
  });
});

test.describe('the proxies stay in their lane', () => {
  test('a preview reads the CMS’s API only, however the path is encoded', async () => {
    const cookie = await previewCookie();
    const api = await rawRequest(site.url, '/_preview/cms/api/about-mes', { headers: { Cookie: cookie } });
    expect(api.status).toBe(200);
    for (const path of ['/_preview/cms/api/..%5Cadmin/init', '/_preview/cms/api/%252e%252e/admin/project-type']) {
      const answer = await rawRequest(site.url, path, { headers: { Cookie: cookie } });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).not.toMatch(/hasAdmin|projectType|"data"/);
    }
  });

  test('the uploads are the CMS’s uploads only', async () => {
    const answer = await rawRequest(site.url, '/uploads/..%3F');
    expect(answer.status).toBe(400);
    expect(answer.headers.location).toBeUndefined();
  });

  test('a preview’s path with a line break is refused', async () => {
    const secret = process.env.PREVIEW_SECRET as string;
    for (const path of ['/Home\r\nX-Evil: 1', '/Articles?title=A\r\nX-Evil: 1']) {
      const answer = await rawRequest(site.url, `/preview?${new URLSearchParams({ secret, path })}`);
      expect(answer.status, path).toBe(400);
      expect(answer.headers['x-evil'], path).toBeUndefined();
    }
  });
});

test.describe('previews of builds', () => {
  let server: RenderServer;
  test.beforeAll(async () => {
    server = await startRenderServer({ env: { BLOG_PREVIEW_MAX_BUILDS: '3' } });
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('asked by 20 browsers at once, never run more render servers than their limit', async () => {
    test.setTimeout(120_000);
    const secret = process.env.PREVIEW_SECRET as string;
    const cookies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const query = new URLSearchParams({
          secret,
          path: '/About',
          mf_pages: `${liveManifest('mf_pages')}?build=${i}`,
        });
        const opened = await rawRequest(server.url, `/preview/sections?${query}`);
        expect(opened.status).toBe(303);
        return String(opened.headers['set-cookie']?.[0]).split(';')[0];
      }),
    );
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, childrenOf(server.pid).length)), 20);
    try {
      const answers = await Promise.all(
        cookies.map((cookie) => rawRequest(server.url, '/About', { headers: { Cookie: cookie } })),
      );
      const statuses = answers.map(({ status }) => status);
      expect(statuses).toContain(200);
      for (const answer of answers.filter(({ status }) => status !== 200)) {
        expect(answer.status).toBe(503);
        expect(answer.headers['retry-after']).toBeDefined();
      }
    } finally {
      clearInterval(sampler);
    }
    most = Math.max(most, childrenOf(server.pid).length);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(3);
  });
});

test.describe('what held, and holds', () => {
  test('no header a visitor sends changes a kept page', async () => {
    const server = await startRenderServer();
    try {
      const forged = await rawRequest(server.url, '/Home', {
        headers: {
          'X-Forwarded-Host': 'evil.example',
          'X-Forwarded-Proto': 'gopher',
          Forwarded: 'host=evil.example;proto=https',
          'Accept-Language': 'xx-EVIL',
          'X-Original-URL': '/no-such-page',
          'X-Rewrite-URL': '/no-such-page',
        },
      });
      expect(forged.status).toBe(200);
      expect(forged.body).not.toMatch(/evil|gopher|xx-EVIL|Page not found/i);
      const plain = await rawRequest(server.url, '/Home');
      expect(plain.headers['x-cache']).toBe('HIT');
      expect(plain.headers.etag).toBe(forged.headers.etag);
    } finally {
      await server.close();
    }
  });

  test('what a visitor types is shown as text, never as markup', async () => {
    const typed = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const answer = await rawRequest(site.url, `/Articles?search=${encodeURIComponent(typed)}`);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain('<script>alert(');
    expect(answer.body).not.toContain('<img src=x');
  });

  test('no address sends a browser to another site', async () => {
    const secret = process.env.PREVIEW_SECRET as string;
    for (const path of [
      '//evil.example/',
      '/articles/%2F%2Fevil.example',
      `/preview?${new URLSearchParams({ secret, path: '//evil.example/Home' })}`,
      `/preview/sections?${new URLSearchParams({ secret, path: 'https://evil.example/' })}`,
    ]) {
      const answer = await rawRequest(site.url, path);
      expect(answer.headers.location ?? '', path).not.toMatch(/evil/);
    }
  });

  test('says it is healthy, and nothing more', async () => {
    const health = await rawRequest(site.url, '/healthz');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ ok: true });
  });
});
