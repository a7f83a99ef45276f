import fs from 'node:fs';
import path from 'node:path';
import { freePort, startPostgres } from '@blog/cms/testing';
import { startRenderServer } from '../support/render-server';
import { test } from '../support/site';
import { GROWN, startGrownCms } from './grown-cms';

// What search costs at the size this blog reaches after some years of writing, on SQLite and on
// PostgreSQL: `pnpm --filter @blog/e2e bench:search`. Every search is asked once, so neither the
// CMS's kept answers nor the render server's page cache can answer it: each is computed.
const CONNECTIONS = 50;
const QUERIES = 200;
const TARGETS = { apiP95: 50, apiP99: 100, pageP95: 150 };
// One at a time (what one search costs the CMS), then 50 at a time for the API (and again, kept)
// and for the pages.
const PASSES = 3;

/**
 * Distinct searches made from the seed articles' words (every grown article is a copy of one): a
 * mix of words, prefixes, misspellings and two-word searches, `QUERIES` for each pass, so that
 * each pass asks searches never asked before.
 */
function searches(): string[] {
  const seed = JSON.parse(
    fs.readFileSync(path.resolve(__dirname, '..', '..', 'cms', 'seed', 'content.json'), 'utf8'),
  ) as { articles: { text_article: string }[] };
  const words = [
    ...new Set(seed.articles.flatMap(({ text_article }) => text_article.toLowerCase().match(/\p{L}{4,}/gu) ?? [])),
  ].sort();
  const step = Math.floor(words.length / (QUERIES * PASSES));
  const picked = Array.from({ length: QUERIES * PASSES }, (_, index) => words[index * step]);
  const made = picked.map((word, index) => {
    const other = words[(index * 7 + 3) % words.length];
    switch (index % 4) {
      case 0:
        return word;
      case 1:
        return word.length > 6 ? word.slice(0, word.length - 2) : word;
      case 2:
        // Two neighbours swapped: one typo.
        return word.length >= 6 ? `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}` : word;
      default:
        return `${other} ${word}`;
    }
  });
  return [...new Set(made)].slice(0, QUERIES * PASSES);
}

interface Timing {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Each address asked once, `connections` at a time: the latency of each, in ms. An error is an
 * answer other than 200, or one that `complete` says is not whole.
 */
async function askEach(
  urls: string[],
  connections = CONNECTIONS,
  complete?: (body: string) => boolean,
): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next];
      next += 1;
      const started = performance.now();
      try {
        // A request left unanswered is an error after 20 s, not a bench that waits 5 minutes.
        const answer = await fetch(url, { signal: AbortSignal.timeout(20_000) });
        const body = await answer.text();
        if (answer.status !== 200 || (complete && !complete(body))) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const sorted = latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]);
  return { requests: sorted.length, errors, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

test('search at 2,000 articles, on SQLite and on PostgreSQL', async () => {
  test.setTimeout(40 * 60_000);
  const all = searches();
  const pass = (number: number) => all.filter((_, index) => index % PASSES === number);
  const apiUrl = (cmsUrl: string, q: string) =>
    `${cmsUrl}/api/article-search?search=${encodeURIComponent(q)}&page=1&pageSize=12`;
  const rows: Record<string, Timing & { target: string }> = {};
  const postgres = await startPostgres();
  try {
    for (const database of ['SQLite', 'PostgreSQL']) {
      if (database === 'PostgreSQL') process.env.TEST_POSTGRES_URL = postgres.url;
      const port = await freePort();
      const grown = await startGrownCms([`http://localhost:${port}`]);
      const grownSite = await startRenderServer({ port, config: { cmsUrl: grown.url } });
      try {
        // Warmed by searches of neither set.
        await askEach(['warm', 'warmer', 'budgte', 'navl'].map((q) => `${grown.url}/api/article-search?search=${q}`));
        await askEach([`${grownSite.url}/Articles?search=warmest`]);
        const alone = await askEach(
          pass(0).map((q) => apiUrl(grown.url, q)),
          1,
        );
        rows[`${database}: API article-search, 1 at a time`] = { ...alone, target: '' };
        const api = await askEach(pass(1).map((q) => apiUrl(grown.url, q)));
        rows[`${database}: API article-search, ${CONNECTIONS} at a time`] = {
          ...api,
          target: `p95 ≤ ${TARGETS.apiP95}, p99 ≤ ${TARGETS.apiP99}`,
        };
        // The same searches again, now answers the CMS kept: what Strapi's handling of a request
        // costs at this concurrency when the search itself costs nothing.
        const kept = await askEach(pass(1).map((q) => apiUrl(grown.url, q)));
        rows[`${database}: API, the same again (kept answers), ${CONNECTIONS} at a time`] = { ...kept, target: '' };
        // A page whose reads failed (the render server waits 2 s for them) shows no count of results.
        const pages = await askEach(
          pass(2).map((q) => `${grownSite.url}/Articles?search=${encodeURIComponent(q)}`),
          CONNECTIONS,
          (html) => /role="status"[^>]*>\d+ articles?/.test(html),
        );
        rows[`${database}: page /Articles?search=, ${CONNECTIONS} at a time`] = {
          ...pages,
          target: `p95 ≤ ${TARGETS.pageP95}`,
        };
      } finally {
        await grownSite.close();
        await grown.stop();
        delete process.env.TEST_POSTGRES_URL;
      }
    }
  } finally {
    await postgres.stop();
  }
  console.log(
    `\nSearch at ${GROWN.articles} articles: ${QUERIES} distinct searches each, ${CONNECTIONS} at a time, each asked once (ms):`,
  );
  console.table(rows);
});
