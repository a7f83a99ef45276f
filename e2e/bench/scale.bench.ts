import autocannon from 'autocannon';
import type { Browser } from '@playwright/test';
import { freePort } from '@blog/cms/testing';
import { startRenderServer } from '../support/render-server';
import { test, site } from '../support/site';
import { GROWN, getData, startGrownCms } from './grown-cms';

// What each page and each query of the read model costs at seed size and at the size this blog
// reaches after some years of writing: `pnpm --filter @blog/e2e bench:scale`.
const LOAD = { connections: 20, durationSeconds: 20 };

interface PageCost {
  page: string;
  apiRequests: number;
  apiBytes: number;
  timeToContentMs: number;
  domNodes: number;
}

/** A page, and the text that shows its content has arrived. */
interface PageProbe {
  path: string;
  content: string;
}

/** What each measured page shows first, read from the CMS the site is pointed at. */
async function probes(cmsUrl: string): Promise<PageProbe[]> {
  type Titled = { title_article: string };
  const [newest] = await getData<Titled[]>(cmsUrl, 'article-summaries?pageSize=1');
  const [latestYear] = await getData<number[]>(cmsUrl, 'archive-years');
  const [newestOfYear] = await getData<Titled[]>(cmsUrl, `archive-years/${latestYear}`);
  const [popular] = await getData<Titled[]>(cmsUrl, 'most-popular-articles');
  return [
    { path: '/Home', content: newest.title_article },
    { path: '/Articles', content: newest.title_article },
    { path: '/New-letter', content: newestOfYear.title_article },
    { path: `/Articles?title=${encodeURIComponent(popular.title_article)}`, content: popular.title_article },
  ];
}

/** The site at `siteUrl`, whose render server and browser code read the CMS at `cmsUrl`. */
interface Size {
  siteUrl: string;
  cmsUrl: string;
}

async function measurePage(browser: Browser, { siteUrl, cmsUrl }: Size, probe: PageProbe): Promise<PageCost> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(`${cmsUrl}/api/`))
      sizes.push(request.sizes().then(({ responseBodySize }) => responseBodySize));
  });
  const started = Date.now();
  await page.goto(`${siteUrl}${probe.path}`);
  await page.getByText(probe.content, { exact: true }).first().waitFor({ timeout: 60_000 });
  const timeToContentMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  const bytes = await Promise.all(sizes);
  await context.close();
  return {
    page: probe.path.slice(0, 40),
    apiRequests: bytes.length,
    apiBytes: bytes.reduce((a, b) => a + b, 0),
    timeToContentMs,
    domNodes,
  };
}

/** The reads the pages make, each under load: p50 and p99 latency in ms. */
async function measureQueries(cmsUrl: string) {
  const [{ title_article: title }] = await getData<{ title_article: string }[]>(cmsUrl, 'most-popular-articles');
  const byTitle = encodeURIComponent(title);
  const queries = {
    'article-summaries': 'article-summaries',
    'article-summaries?search=': 'article-summaries?search=defen',
    'most-popular-articles': 'most-popular-articles',
    'article-topics': 'article-topics',
    'archive-years': 'archive-years',
    'archive-years/:year': `archive-years/${(await getData<number[]>(cmsUrl, 'archive-years'))[0]}`,
    'latest-articles': 'latest-articles',
    'home: 2 newest':
      'articles?sort[0]=date_of_the_article:desc&pagination[pageSize]=2&populate[photo_article]=true&populate[topics]=true',
    'detail by title': `articles?filters[title_article][$eq]=${byTitle}&populate[photo_article]=true&populate[topics]=true&populate[sources]=true&populate[articles][fields][0]=title_article`,
    'comments of one article': `comments?filters[article][$eq]=${byTitle}&sort[0]=createdAt:desc&pagination[pageSize]=100`,
  };
  const rows: Record<string, { p50: number; p99: number; 'requests/s': number; errors: number }> = {};
  for (const [name, pathname] of Object.entries(queries)) {
    const result = await autocannon({
      url: `${cmsUrl}/api/${pathname}`,
      connections: LOAD.connections,
      duration: LOAD.durationSeconds,
      headers: { 'accept-encoding': 'gzip' },
    });
    rows[name] = {
      p50: result.latency.p50,
      p99: result.latency.p99,
      'requests/s': Math.round(result.requests.average),
      errors: result.errors + result.non2xx,
    };
  }
  return rows;
}

test('pages and queries at seed size and at 2,000 articles', async ({ browser }) => {
  test.setTimeout(30 * 60_000);
  const port = await freePort();
  const grown = await startGrownCms([`http://localhost:${port}`]);
  // The grown size is a site of its own: a render server whose config.js names the grown CMS.
  const grownSite = await startRenderServer({ port, config: { cmsUrl: grown.url } });
  try {
    const sizes: Record<string, Size> = {
      seed: { siteUrl: site.url, cmsUrl: site.cmsUrl },
      [`${GROWN.articles} articles`]: { siteUrl: grownSite.url, cmsUrl: grown.url },
    };
    const pages: Record<string, PageCost[]> = {};
    for (const [size, where] of Object.entries(sizes)) {
      pages[size] = [];
      for (const probe of await probes(where.cmsUrl)) pages[size].push(await measurePage(browser, where, probe));
    }
    console.log('\nPages, first visit (API bytes on the wire):');
    console.table(
      pages.seed.map((seed, i) => {
        const scaled = pages[`${GROWN.articles} articles`][i];
        return {
          page: seed.page,
          'API requests seed / grown': `${seed.apiRequests} / ${scaled.apiRequests}`,
          'API bytes seed / grown': `${seed.apiBytes} / ${scaled.apiBytes}`,
          'grown ÷ seed bytes': (scaled.apiBytes / seed.apiBytes).toFixed(2),
          'time to content ms seed / grown': `${seed.timeToContentMs} / ${scaled.timeToContentMs}`,
          'DOM nodes seed / grown': `${seed.domNodes} / ${scaled.domNodes}`,
        };
      }),
    );
    for (const [size, { cmsUrl }] of Object.entries(sizes)) {
      console.log(
        `\nQueries at ${size}: ${LOAD.connections} concurrent clients for ${LOAD.durationSeconds} s each (latency ms):`,
      );
      console.table(await measureQueries(cmsUrl));
    }
  } finally {
    await grownSite.close();
    await grown.stop();
  }
});
