import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { articleHref } from '@blog/shared';
import { authorOf, freePort } from '@blog/cms/testing';
import { rssOf } from '../support/processes';
import { NO_CLIENT_LIMITS, startRenderServer } from '../support/render-server';
import { test } from '../support/site';
import { getData, startGrownCms } from './grown-cms';
import { runLoad } from './load';
import { p50p99, percentile, staticCopy, type Load } from './measure';

// A day's traffic on a publication's size (issue 41): `pnpm --filter @blog/e2e bench:mix`.
// 50 connections for 30 s over 1,000 client addresses behind one proxy hop: 70 % the pages everyone
// reads (kept before the clock starts), 20 % any article, 7 % searches for title words (a third of
// them mistyped), 3 % list pages 2–21, while readers vote and comment 10 times a second. Run once
// `BLOG_BENCH_MIX_SETTLE_SECONDS` (600) after the site started, then right after an article is published.
// The kept pages' p99 is read twice: a probe's, alone and beside the mix; and the same 50 connections'
// on the kept pages alone against the kept pages' within the mix, the same load without its renders.
const SIZE = { articles: 20_000, comments: 200_000 };
const CONNECTIONS = 50;
const DURATION_SECONDS = 30;
const CLIENTS = 1_000;
const WRITES_A_SECOND = 10;
/** Connections that ask for the kept pages only, beside the mix: their p99 is the kept pages'. */
const PROBE_CONNECTIONS = 5;
/**
 * How many kept pages they ask a second, together: a sample of readers, not a load. Asking as
 * fast as answered, they asked 1,300 a second during the mix on 2 cores, three fourths of the
 * mix's own rate, which both the render server and the load generator paid for.
 */
const PROBE_RATE = 200;
const SETTLE_SECONDS = Number(process.env.BLOG_BENCH_MIX_SETTLE_SECONDS ?? 600);

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
const clientAddress = () => `10.0.${Math.floor(Math.random() * 4)}.${Math.floor(Math.random() * (CLIENTS / 4))}`;

/** A word of a title with one letter dropped or two swapped, as readers mistype. */
function mistyped(word: string): string {
  const at = 1 + Math.floor(Math.random() * (word.length - 2));
  return Math.random() < 0.5
    ? word.slice(0, at) + word.slice(at + 1)
    : word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

interface Mix {
  hot: string[];
  articles: string[];
  words: string[];
}

/** What a request of the mix asks for: its breakdown's rows. */
type Kind = 'read by everyone' | 'any article' | 'search' | 'mistyped search' | 'list page';

interface Asked {
  path: string;
  kind: Kind;
}

/** One address of the mix, drawn by its shares, and its kind. */
function draw({ hot, articles, words }: Mix): Asked {
  const share = Math.random() * 100;
  if (share < 70) return { path: pick(hot), kind: 'read by everyone' };
  if (share < 90) return { path: pick(articles), kind: 'any article' };
  if (share < 97) {
    const word = pick(words);
    const typo = Math.random() < 1 / 3;
    return {
      path: `/Articles?search=${encodeURIComponent(typo ? mistyped(word) : word)}`,
      kind: typo ? 'mistyped search' : 'search',
    };
  }
  return { path: `/Articles?page=${2 + Math.floor(Math.random() * 20)}`, kind: 'list page' };
}

/**
 * Each kind's requests: how many, how long (from its request's making to its answer), how many
 * were answered kept, fresh (`X-Cache: HIT`) or stale (`STALE`, rendered again in the background),
 * and how many degraded (`DEGRADED`: rendered while a read failed, a 200 that shows that part empty).
 */
class Breakdown {
  private readonly kinds = new Map<Kind, { ms: number[]; hits: number; stale: number; degraded: number }>();

  add(kind: Kind, ms: number, cache: string) {
    const row = this.kinds.get(kind) ?? { ms: [], hits: 0, stale: 0, degraded: 0 };
    row.ms.push(ms);
    if (cache === 'HIT') row.hits += 1;
    if (cache === 'STALE') row.stale += 1;
    if (cache === 'DEGRADED') row.degraded += 1;
    this.kinds.set(kind, row);
  }

  /** How many answers were degraded, of every kind. */
  degraded() {
    return [...this.kinds.values()].reduce((sum, { degraded }) => sum + degraded, 0);
  }

  /** The p99 of one kind's requests, in whole milliseconds. */
  p99(kind: Kind) {
    return Math.round(percentile(this.kinds.get(kind)?.ms ?? [], 99));
  }

  rows(when: string) {
    const total = [...this.kinds.values()].reduce((sum, { ms }) => sum + ms.length, 0);
    const percent = (count: number, of: number) => `${Math.round((100 * count) / of)} %`;
    return [...this.kinds].map(([kind, { ms, hits, stale, degraded }]) => {
      return {
        when,
        kind,
        share: percent(ms.length, total),
        'p50 / p99 ms': p50p99(ms),
        'kept, fresh / stale': `${percent(hits, ms.length)} / ${percent(stale, ms.length)}`,
        degraded,
      };
    });
  }
}

/** A load whose every request is `next()`, from one of `CLIENTS` addresses, gzip taken as browsers do; each kind's times. */
async function run(url: string, connections: number, next: () => Asked) {
  const breakdown = new Breakdown();
  const result = await runLoad(url, {
    connections,
    seconds: DURATION_SECONDS,
    next: () => {
      const asked = next();
      return { ...asked, headers: { 'x-forwarded-for': clientAddress(), 'accept-encoding': 'gzip' } };
    },
    onAnswer: ({ kind }, { ms, headers }) => breakdown.add(kind, ms, String(headers['x-cache'])),
  });
  const load: Load = {
    'pages/s': Math.round(result.rate),
    'p50 ms': Math.round(percentile(result.ms, 50)),
    'p99 ms': Math.round(percentile(result.ms, 99)),
    errors: result.errors,
  };
  return { load, statuses: result.statuses, breakdown, bytesPerAnswer: Math.round(result.bytesPerAnswer) };
}

/**
 * The readers of the kept pages beside the mix: `PROBE_CONNECTIONS` asking the pages everyone
 * reads in turn, `PROBE_RATE` a second, on a thread of their own. On the mix's thread their
 * answers waited behind the 50 connections' own handling there, so their times were partly the
 * load generator's. autocannon still, for its worker: at 200 answers a second its decoding of each
 * body (`load.ts`) costs that thread little.
 */
async function probe(url: string, paths: string[]): Promise<Load> {
  const result = await autocannon({
    url,
    connections: PROBE_CONNECTIONS,
    overallRate: PROBE_RATE,
    duration: DURATION_SECONDS,
    workers: 1,
    requests: paths.map((path, at) => ({
      path,
      headers: { 'x-forwarded-for': `10.9.0.${at}`, 'accept-encoding': 'gzip' },
    })),
  });
  return {
    'pages/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
  };
}

/** Seconds of CPU a process has used (`/proc/<pid>/stat`'s user and system time). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

test('a day’s traffic at 20,000 articles: the mix against the same bytes served static', async () => {
  test.setTimeout((SETTLE_SECONDS + 40 * 60) * 1_000);
  const port = await freePort();
  const siteUrl = `http://localhost:${port}`;
  const cms = await startGrownCms(
    [siteUrl],
    {
      RENDER_SERVER_URLS: siteUrl,
      BLOG_PROXY_HOPS: '1',
      // Readers' writes come from many addresses, a few each: the CMS's limits stay as they are.
    },
    SIZE,
  );
  const started = Date.now();
  const statusPort = await freePort();
  const logFile = path.join(os.tmpdir(), `blog-render-mix-${process.pid}.log`);
  const server = await startRenderServer({
    port,
    config: { cmsUrl: cms.url },
    // As `npm start` runs it: the long tail kept ahead, on disk.
    env: {
      ...NO_CLIENT_LIMITS,
      BLOG_PROXY_HOPS: '1',
      BLOG_PRERENDER: 'true',
      BLOG_CACHE_DIR: path.join(os.tmpdir(), `blog-pages-mix-${process.pid}`),
      BLOG_STATUS_PORT: String(statusPort),
    },
    // Every line, in a file rather than printed: under the mix it logs every request and every render given up.
    logFile,
  });
  try {
    const newest = await getData<{ title_article: string }[]>(cms.url, 'article-summaries?pageSize=5');
    const years = await getData<number[]>(cms.url, 'archive-years');
    const everyArticle = (
      await Promise.all(years.map((year) => getData<{ title_article: string }[]>(cms.url, `archive-years/${year}`)))
    )
      .flat()
      .map(({ title_article }) => title_article);
    const mix: Mix = {
      hot: [
        '/Home',
        '/Articles',
        '/New-letter',
        '/About',
        '/New-start-here',
        ...newest.map(({ title_article }) => articleHref(title_article)),
      ],
      articles: everyArticle.map(articleHref),
      words: [...new Set(everyArticle.flatMap((title) => title.toLowerCase().match(/[a-z]{5,}/g) ?? []))],
    };
    const newestTitle = newest[0].title_article;
    const cmsAsVisitor = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
      fetch(`${cms.url}/api/${path}`, {
        ...init,
        headers: {
          'Content-Type': 'application/json',
          Origin: siteUrl,
          'X-Forwarded-For': clientAddress(),
          ...init.headers,
        },
      });
    /** Votes on the newest article's comments, and comments on it, `WRITES_A_SECOND` a second. */
    async function writes() {
      const comments = await getData<{ documentId: string; like: string | null }[]>(
        cms.url,
        `comments?filters[article][$eq]=${encodeURIComponent(newestTitle)}&pagination[pageSize]=100`,
      );
      const statuses: Record<string, number> = {};
      const count = (key: string) => (statuses[key] = (statuses[key] ?? 0) + 1);
      // A write that got no answer is counted by why (`fetch failed` names its cause's code).
      const tally = (answer: Promise<Response>) =>
        answer.then(
          ({ status }) => count(String(status)),
          (error: Error & { cause?: { code?: string } }) => count(`failed: ${error.cause?.code ?? error.message}`),
        );
      const timer = setInterval(() => {
        const comment = comments.length > 0 && Math.random() < 0.8 ? pick(comments) : undefined;
        void tally(
          comment
            ? cmsAsVisitor(`comments/${comment.documentId}`, {
                method: 'PUT',
                body: JSON.stringify({ data: { like: '1' } }),
                headers: { 'X-Vote-Base': '0' },
              })
            : cmsAsVisitor('comments', {
                method: 'POST',
                body: JSON.stringify({
                  data: { name: 'Bench reader', comment: 'A reader’s comment.', article: newestTitle },
                }),
              }),
        );
      }, 1_000 / WRITES_A_SECOND);
      return { stop: () => clearInterval(timer), statuses };
    }

    // How many pages the server keeps, every 5 s: when it first kept as many as there are articles.
    let allKeptAfterSeconds: number | undefined;
    const sampler = setInterval(
      () =>
        void fetch(`http://127.0.0.1:${statusPort}/status`)
          .then(async (answer) => ((await answer.json()) as { cache: { pages: number } }).cache.pages)
          .then(
            (pages) => {
              if (allKeptAfterSeconds === undefined && pages >= everyArticle.length)
                allKeptAfterSeconds = Math.round((Date.now() - started) / 1_000);
            },
            () => undefined,
          ),
      5_000,
    );
    /** How many articles' pages are kept now: HEAD is answered from what is kept, rendering nothing. */
    const keptArticles = async () => {
      let kept = 0;
      for (let at = 0; at < mix.articles.length; at += 50)
        for (const answer of await Promise.all(
          mix.articles.slice(at, at + 50).map((path) => fetch(`${siteUrl}${path}`, { method: 'HEAD' })),
        ))
          if (answer.headers.get('x-cache') === 'HIT') kept += 1;
      return kept;
    };
    // The pages everyone reads, kept before the clock starts.
    for (const path of mix.hot) await fetch(`${siteUrl}${path}`);
    // /Home's HTML, as every run of this bench since the first measured it, and its gzip, as the mix's readers take it.
    const baseline = await staticCopy(`${siteUrl}/Home`);
    const baselineGzip = await staticCopy(`${siteUrl}/Home`, { gzip: true });
    const rows: Record<string, string | number>[] = [];
    const kinds: Record<string, string | number>[] = [];
    const measure = async (when: string) => {
      const articlesKept = await keptArticles();
      for (const path of mix.hot) await fetch(`${siteUrl}${path}`);
      const keptAlone = await probe(siteUrl, mix.hot);
      // The mix's own connections asking for the kept pages only: the same load, without a render.
      const keptLoadAlone = await run(siteUrl, CONNECTIONS, () => ({ path: pick(mix.hot), kind: 'read by everyone' }));
      const cpuOf = () => ({ cms: cpuSeconds(cms.pid), server: cpuSeconds(server.pid), load: cpuSeconds(process.pid) });
      const cpuBefore = cpuOf();
      const writing = await writes();
      const [during, keptDuring] = await Promise.all([
        run(siteUrl, CONNECTIONS, () => draw(mix)),
        probe(siteUrl, mix.hot),
      ]);
      writing.stop();
      // Where the two cores went during the mix: the CMS, the render server (every thread), this process (the load).
      const cpuAfter = cpuOf();
      const cores = (of: keyof typeof cpuAfter) => ((cpuAfter[of] - cpuBefore[of]) / DURATION_SECONDS).toFixed(2);
      const bare = await run(baseline.url, CONNECTIONS, () => ({ path: '/', kind: 'read by everyone' }));
      const bareGzip = await run(baselineGzip.url, CONNECTIONS, () => ({ path: '/', kind: 'read by everyone' }));
      const refused = (during.statuses[429] ?? 0) + (during.statuses[503] ?? 0);
      const failed = Object.entries(during.statuses)
        .filter(([status]) => Number(status) >= 300 && status !== '429' && status !== '503')
        .reduce((sum, [, count]) => sum + count, 0);
      rows.push({
        when,
        'mix pages/s': during.load['pages/s'],
        'static pages/s, HTML / gzip': `${bare.load['pages/s']} / ${bareGzip.load['pages/s']}`,
        'mix ÷ static, HTML / gzip': [bare, bareGzip]
          .map(({ load }) => (during.load['pages/s'] / load['pages/s']).toFixed(3))
          .join(' / '),
        'mix p50 / p99 ms': `${during.load['p50 ms']} / ${during.load['p99 ms']}`,
        'static p99 ms, HTML / gzip': `${bare.load['p99 ms']} / ${bareGzip.load['p99 ms']}`,
        'bytes an answer, mix / static HTML / gzip': [during, bare, bareGzip]
          .map((load) => load.bytesPerAnswer)
          .join(' / '),
        'kept p99, the probe alone / in the mix ms': `${keptAlone['p99 ms']} / ${keptDuring['p99 ms']}`,
        'kept p99, 50 connections on them alone / in the mix ms': `${keptLoadAlone.load['p99 ms']} / ${during.breakdown.p99('read by everyone')}`,
        'kept pages alone, pages/s': keptLoadAlone.load['pages/s'],
        'refused (429, 503)': refused,
        'other non-2xx, errors': failed + during.load.errors,
        'degraded (200, a read failed)': during.breakdown.degraded(),
        'writes by status': JSON.stringify(writing.statuses),
        'CPU of the CMS / render server / load, cores': `${cores('cms')} / ${cores('server')} / ${cores('load')}`,
        'CMS MB': Math.round(rssOf(cms.pid) / 1024 / 1024),
        'articles kept before': `${articlesKept} of ${mix.articles.length}`,
        'all kept after s': allKeptAfterSeconds ?? '-',
        'render server MB': Math.round(rssOf(server.pid) / 1024 / 1024),
      });
      kinds.push(...during.breakdown.rows(when));
    };
    try {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SETTLE_SECONDS * 1_000 - (Date.now() - started))));
      await measure(`${SETTLE_SECONDS} s after start`);
      const published = await authorOf(cms).publishArticle({
        title_article: `Bench publish ${Date.now()}`,
        date_of_the_article: new Date().toISOString().slice(0, 10),
        text_article: 'Published in the middle of the day.',
      });
      try {
        await measure('right after a publish');
      } finally {
        await authorOf(cms).deleteArticle(published.documentId);
      }
    } finally {
      clearInterval(sampler);
      await baseline.close();
      await baselineGzip.close();
    }
    console.log(
      `\nThe mix at ${SIZE.articles} articles and ${SIZE.comments} comments (${CONNECTIONS} connections, ` +
        `${DURATION_SECONDS} s, ${CLIENTS} clients behind one proxy):`,
    );
    console.table(rows);
    console.log('Each kind of request in the mix:');
    console.table(kinds);
    const warnings = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => /"level":(40|50|60)\b/.test(line));
    console.log(`The render server's log: ${logFile}, ${warnings.length} warnings and errors.`);
  } finally {
    await server.close();
    await cms.stop();
  }
});
