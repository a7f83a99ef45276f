import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { getData } from './grown-cms';

// How bench:serve measures a page kept in the page cache against the same bytes served static;
// bench:release measures the same on a site that runs on releases.

export const DURATION_SECONDS = 20;
export const CONNECTIONS = [20, 100];

export interface Load {
  'pages/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
}

/** The `p`th percentile (nearest rank) of `values`. */
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))
  ] ?? 0;

/** `values`' p50 / p99, in whole milliseconds. */
export const p50p99 = (values: number[]) =>
  `${Math.round(percentile(values, 50))} / ${Math.round(percentile(values, 99))}`;

export async function load(url: string, connections: number, duration = DURATION_SECONDS): Promise<Load> {
  const result = await autocannon({ url, connections, duration });
  return {
    'pages/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

/** The bytes `url` answers, answered again and again by a bare Node server: the static baseline. */
export async function staticCopy(url: string): Promise<{ url: string; close(): Promise<void> }> {
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

/** The pages measured: Home, Articles, the most popular article and the newsletter's. */
export async function pagesOf(cmsUrl: string) {
  const [popular] = await getData<{ title_article: string }[]>(cmsUrl, 'most-popular-articles');
  return ['/Home', '/Articles', `/Articles?title=${encodeURIComponent(popular.title_article)}`, '/New-letter'];
}

const latency = (run: Load) => `${run['p50 ms']} / ${run['p99 ms']}`;

/**
 * `path` kept in the page cache of the render server at `serverUrl`, against the very same bytes
 * from a bare Node server, at each number of connections; `misses`, when given, measures the page
 * rendered (nothing kept) between the two. One row each.
 */
export async function keptAgainstStatic(
  serverUrl: string,
  path: string,
  misses?: (connections: number) => Promise<Load>,
): Promise<Record<string, string | number>[]> {
  await fetch(`${serverUrl}${path}`);
  const baseline = await staticCopy(`${serverUrl}${path}`);
  const rows: Record<string, string | number>[] = [];
  try {
    for (const connections of CONNECTIONS) {
      const hits = await load(`${serverUrl}${path}`, connections);
      const rendered = await misses?.(connections);
      const bare = await load(baseline.url, connections);
      rows.push({
        page: path.slice(0, 36),
        connections,
        'hits pages/s': hits['pages/s'],
        'hits p50 / p99 ms': latency(hits),
        ...(rendered && { 'misses pages/s': rendered['pages/s'], 'misses p50 / p99 ms': latency(rendered) }),
        'static pages/s': bare['pages/s'],
        'static p50 / p99 ms': latency(bare),
        'hits ÷ static': (hits['pages/s'] / bare['pages/s']).toFixed(2),
        errors: hits.errors + (rendered?.errors ?? 0) + bare.errors,
      });
    }
  } finally {
    await baseline.close();
  }
  return rows;
}
