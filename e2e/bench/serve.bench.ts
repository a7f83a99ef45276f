import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { freePort } from '@blog/cms/testing';
import { startRenderServer } from '../support/render-server';
import { site, test } from '../support/site';
import { GROWN, getData, startGrownCms } from './grown-cms';

// What serving a page costs: kept in the render server's cache, rendered (nothing kept), and the
// very same bytes from a bare Node server (what a static file or a CDN costs here), in one run:
// `pnpm --filter @blog/e2e bench:serve`. This machine's absolute numbers move from run to run;
// the ratios hold (FACTS.md).

const DURATION_SECONDS = 20;
const CONNECTIONS = [20, 100];
const MEMORY_LOAD_MINUTES = 10;
/** A cache far smaller than the grown site's pages, so the memory run keeps dropping pages. */
const MEMORY_CACHE_MB = 16;

interface Load {
  'pages/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

async function load(url: string, connections: number, duration = DURATION_SECONDS): Promise<Load> {
  const result = await autocannon({ url, connections, duration });
  return {
    'pages/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** The bytes `url` answers, answered again and again by a bare Node server: the static baseline. */
async function staticCopy(url: string): Promise<{ url: string; close(): Promise<void> }> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? 'text/html';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function pagesOf(cmsUrl: string) {
  const [popular] = await getData<{ title_article: string }[]>(cmsUrl, 'most-popular-articles');
  return ['/Home', '/Articles', `/Articles?title=${encodeURIComponent(popular.title_article)}`, '/New-letter'];
}

/** What the server tells its operator on its status port (`BLOG_STATUS_PORT`): the public `/healthz` says only that it is up. */
async function status(statusPort: number) {
  return (await (await fetch(`http://127.0.0.1:${statusPort}/`)).json()) as {
    rss: number;
    cache: { bytes: number; maxBytes: number };
  };
}

async function measureSize(cmsUrl: string) {
  const kept = await startRenderServer({ config: { cmsUrl } });
  // Keeps nothing: every request renders, those asking for one page at once sharing its render.
  const rendered = await startRenderServer({ config: { cmsUrl }, env: { BLOG_CACHE_MAX_MB: '0.001' } });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const path of await pagesOf(cmsUrl)) {
      await fetch(`${kept.url}${path}`);
      const baseline = await staticCopy(`${kept.url}${path}`);
      try {
        for (const connections of CONNECTIONS) {
          const hits = await load(`${kept.url}${path}`, connections);
          const misses = await load(`${rendered.url}${path}`, connections);
          const bare = await load(baseline.url, connections);
          rows.push({
            page: path.slice(0, 36),
            connections,
            'hits pages/s': hits['pages/s'],
            'hits p50 / p99 ms': `${hits['p50 ms']} / ${hits['p99 ms']}`,
            'misses pages/s': misses['pages/s'],
            'misses p50 / p99 ms': `${misses['p50 ms']} / ${misses['p99 ms']}`,
            'static pages/s': bare['pages/s'],
            'static p50 / p99 ms': `${bare['p50 ms']} / ${bare['p99 ms']}`,
            'hits ÷ static': (hits['pages/s'] / bare['pages/s']).toFixed(2),
            errors: hits.errors + misses.errors + bare.errors,
          });
        }
      } finally {
        await baseline.close();
      }
    }
  } finally {
    await Promise.all([kept.close(), rendered.close()]);
  }
  return rows;
}

/**
 * Ten minutes of readers over every article's page and the routes, through a cache far smaller
 * than them: its resident memory after one minute and after ten, and the most the cache held.
 */
async function measureMemory(cmsUrl: string) {
  const years = await getData<number[]>(cmsUrl, 'archive-years');
  const titles = (
    await Promise.all(years.map((year) => getData<{ title_article: string }[]>(cmsUrl, `archive-years/${year}`)))
  )
    .flat()
    .map(({ title_article }) => `/Articles?title=${encodeURIComponent(title_article)}`);
  const paths = [...(await pagesOf(cmsUrl)), ...titles];
  const statusPort = await freePort();
  const server = await startRenderServer({
    config: { cmsUrl },
    env: { BLOG_CACHE_MAX_MB: String(MEMORY_CACHE_MB), BLOG_STATUS_PORT: String(statusPort) },
  });
  const samples: { minute: number; rss: number; cacheBytes: number; maxBytes: number }[] = [];
  const started = Date.now();
  const sample = async () => {
    const { rss, cache } = await status(statusPort);
    samples.push({ minute: (Date.now() - started) / 60_000, rss, cacheBytes: cache.bytes, maxBytes: cache.maxBytes });
  };
  const sampler = setInterval(() => void sample(), 5_000);
  try {
    let next = 0;
    await autocannon({
      url: server.url,
      connections: 20,
      duration: MEMORY_LOAD_MINUTES * 60,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
    });
  } finally {
    clearInterval(sampler);
    await server.close();
  }
  const at = (minute: number) =>
    samples.reduce((best, sample) =>
      Math.abs(sample.minute - minute) < Math.abs(best.minute - minute) ? sample : best,
    );
  const [one, ten] = [at(1), at(MEMORY_LOAD_MINUTES)];
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return {
    pages: paths.length,
    'RSS after 1 min (MB)': mb(one.rss),
    [`RSS after ${MEMORY_LOAD_MINUTES} min (MB)`]: mb(ten.rss),
    growth: `${(((ten.rss - one.rss) / one.rss) * 100).toFixed(1)} %`,
    'cache bound (MB)': mb(one.maxBytes),
    'most the cache held (MB)': mb(Math.max(...samples.map(({ cacheBytes }) => cacheBytes))),
  };
}

test('pages kept, rendered and static, at seed size and at 2,000 articles', async () => {
  test.setTimeout(90 * 60_000);
  const grown = await startGrownCms();
  try {
    for (const [size, cmsUrl] of [
      ['seed', site.cmsUrl],
      [`${GROWN.articles} articles`, grown.url],
    ]) {
      console.log(
        `\nPages at ${size}, ${DURATION_SECONDS} s per run (autocannon; the same bytes from a bare Node server as static):`,
      );
      console.table(await measureSize(cmsUrl));
    }
    console.log(`\nResident memory under ${MEMORY_LOAD_MINUTES} minutes of load at ${GROWN.articles} articles:`);
    console.table([await measureMemory(grown.url)]);
  } finally {
    await grown.stop();
  }
});
