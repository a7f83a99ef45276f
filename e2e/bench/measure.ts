import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';
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

/** A bare Node server answering one file's bytes to every request: argv is the file, its type and its encoding. */
const BARE_SERVER = `
const [file, type, encoding] = process.argv.slice(1);
const body = require('node:fs').readFileSync(file);
const headers = { 'Content-Type': type, 'Content-Length': body.length, ...(encoding && { 'Content-Encoding': encoding }) };
const server = require('node:http').createServer((_req, res) => res.writeHead(200, headers).end(body));
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port)));
`;

/**
 * The bytes `url` answers, answered again and again by a bare Node server in a process of its own,
 * as the render server runs in its own: the static baseline. With `gzip`, the gzipped bytes a
 * browser is answered, marked so. Before 2026-11-29 it ran on the load generator's thread, which
 * then did the work of both client and server on one of the machine's cores.
 */
export async function staticCopy(url: string, { gzip = false } = {}): Promise<{ url: string; close(): Promise<void> }> {
  // undici's `request` leaves a gzipped body as it is; `fetch` unzips it.
  const answer = await request(url, { headers: gzip ? { 'accept-encoding': 'gzip' } : {} });
  const body = Buffer.from(await answer.body.arrayBuffer());
  const encoding = String(answer.headers['content-encoding'] ?? '');
  if (gzip && encoding !== 'gzip') throw new Error(`${url} was not answered gzipped`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-static-'));
  const file = path.join(folder, 'body');
  fs.writeFileSync(file, body);
  const server = spawn(
    process.execPath,
    ['-e', BARE_SERVER, file, String(answer.headers['content-type'] ?? 'text/html'), encoding],
    // Bare: none of the options (a loader, an inspector) the test runner gives its own processes.
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } },
  );
  const [printed] = (await once(server.stdout, 'data')) as [Buffer];
  const port = Number(printed.toString().trim());
  if (!Number.isInteger(port)) throw new Error(`The static server did not start: ${printed.toString()}`);
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill();
        await once(server, 'exit');
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
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
