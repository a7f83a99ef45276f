import autocannon from 'autocannon';
import type { StrapiProcess } from '@blog/cms/testing';
import { test } from '../support/site';
import { startGrownCms } from './grown-cms';
import { percentile } from './measure';

// What one client flooding the CMS with the costliest reads it can write does to another reader:
// `pnpm --filter @blog/e2e bench:abuse`. The CMS runs with its default limits behind one proxy
// (each client named by X-Forwarded-For), on a database grown to the size this blog reaches.
const FLOOD_CONNECTIONS = 50;
const SECONDS = 15;
/** The reader's two reads, each once every 100 ms. */
const READS = ['/api/articles?pagination[pageSize]=5', '/api/article-summaries'];
const READ_EVERY_MS = 100;
/** The target: the reader's p99 with the flood at most this times its p99 without. */
const MOST_SLOWDOWN = 2;

/** `count` words of `length` letters drawn from few letters: no word of the vocabulary, each near many. */
function craftedSearch(count: number, length: number): string {
  const letters = 'aeio';
  return Array.from({ length: count }, () =>
    Array.from({ length }, () => letters[Math.floor(Math.random() * letters.length)]).join(''),
  ).join(' ');
}

const populated = (levels: number) => `populate${'[articles][populate]'.repeat(levels - 1)}=*`;

const BOMBS = [
  `/api/articles?${populated(10)}`,
  `/api/articles?${populated(8)}`,
  `/api/articles?filters${'[articles]'.repeat(8)}[title_article][$contains]=a`,
  `/api/articles?${Array.from({ length: 60 }, (_, i) => `filters[$or][${i}][title_article][$containsi]=${i}`).join('&')}`,
];

/** The flood: crafted searches (each new, so no kept answer serves it), a populate or filter bomb after the first of every four. */
const FLOOD = Array.from({ length: 60 }, (_, i) => {
  const search = `/api/${i % 5 === 4 ? 'article-summaries' : 'article-search'}?search=${encodeURIComponent(craftedSearch(16, 12))}`;
  return i % 4 === 0 ? [search, BOMBS[(i >> 2) % BOMBS.length]] : [search];
}).flat();

/** The reader: each of `READS` once every 100 ms for `seconds`, as the client `address`; its latencies and statuses. */
async function read(cmsUrl: string, address: string, seconds: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const until = Date.now() + seconds * 1000;
  const pending: Promise<void>[] = [];
  while (Date.now() < until) {
    for (const path of READS) {
      pending.push(
        (async () => {
          const started = performance.now();
          const answer = await fetch(`${cmsUrl}${path}`, { headers: { 'X-Forwarded-For': address } });
          await answer.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        })(),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
  }
  await Promise.all(pending);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses: Object.fromEntries(statuses) };
}

/** The flood, from a thread of its own: in the reader's, reading its answers would slow the reader's own clock. */
function flood(cmsUrl: string, seconds: number) {
  return autocannon({
    url: cmsUrl,
    workers: 1,
    connections: FLOOD_CONNECTIONS,
    duration: seconds,
    headers: { 'X-Forwarded-For': '198.51.100.66' },
    requests: FLOOD.map((path) => ({ method: 'GET', path })),
  });
}

test('a flood of the costliest reads one client can write, beside another reader', async () => {
  test.setTimeout(600_000);
  let cms: StrapiProcess | undefined;
  try {
    // The CMS's own limit per client (config/public-api.ts), which the tests' CMS processes lift.
    cms = await startGrownCms([], { BLOG_PROXY_HOPS: '1', API_RATE_LIMIT: '600' });
    const cmsUrl = cms.url;
    // Warmed: the search index read, the read model's answers kept.
    await read(cmsUrl, '192.0.2.1', 2);
    const alone = await read(cmsUrl, '192.0.2.2', SECONDS);
    const [beside, flooded] = await Promise.all([read(cmsUrl, '192.0.2.3', SECONDS), flood(cmsUrl, SECONDS)]);
    const received = Object.fromEntries(
      Object.entries(flooded.statusCodeStats as Record<string, { count: number }>).map(([status, { count }]) => [
        status,
        count,
      ]),
    );
    const rows = [
      {
        reader: 'alone',
        'p50 ms': alone.p50.toFixed(1),
        'p99 ms': alone.p99.toFixed(1),
        statuses: JSON.stringify(alone.statuses),
      },
      {
        reader: 'beside the flood',
        'p50 ms': beside.p50.toFixed(1),
        'p99 ms': beside.p99.toFixed(1),
        statuses: JSON.stringify(beside.statuses),
      },
    ];
    console.log(
      `\nbench:abuse (${FLOOD_CONNECTIONS} connections flooding for ${SECONDS} s; a database of 2,000 articles)`,
    );
    console.table(rows);
    console.log(
      `The flooding client: ${flooded.requests.total} requests, ${flooded.requests.average.toFixed(0)}/s, statuses ${JSON.stringify(received)}`,
    );
    const slowdown = beside.p99 / alone.p99;
    console.log(`The reader's p99 beside the flood ÷ alone: ${slowdown.toFixed(2)} (target ≤ ${MOST_SLOWDOWN})`);
  } finally {
    await cms?.stop();
  }
});
