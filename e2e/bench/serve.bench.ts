import autocannon from 'autocannon';
import { freePort } from '@blog/cms/testing';
import { startRenderServer } from '../support/render-server';
import { site, test } from '../support/site';
import { GROWN, getData, startGrownCms } from './grown-cms';
import { DURATION_SECONDS, keptAgainstStatic, load, pagesOf } from './measure';

// What serving a page costs: kept in the render server's cache, rendered (nothing kept), and the
// very same bytes from a bare Node server (what a static file or a CDN costs here), in one run:
// `pnpm --filter @blog/e2e bench:serve`. This machine's absolute numbers move from run to run;
// the ratios hold (FACTS.md).

const MEMORY_LOAD_MINUTES = 10;
/** A cache far smaller than the grown site's pages, so the memory run keeps dropping pages. */
const MEMORY_CACHE_MB = 16;

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
      rows.push(
        ...(await keptAgainstStatic(kept.url, path, (connections) => load(`${rendered.url}${path}`, connections))),
      );
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
