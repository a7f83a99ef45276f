import autocannon from 'autocannon';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { startStrapi, type StrapiProcess } from '../test/support/strapi-process';

// Read throughput of one CMS process against two on the same PostgreSQL database, on this machine.
const DURATION_SECONDS = 20;
const CONNECTIONS = 20;
const READS = ['/api/articles?populate=*', '/api/comments?populate=*', '/api/contact-details?populate=*'];

function load(urls: string[]) {
  // The connections are split between the processes, as a round-robin load balancer would.
  return Promise.all(
    urls.map((url) =>
      autocannon({
        url,
        connections: CONNECTIONS / urls.length,
        duration: DURATION_SECONDS,
        requests: READS.map((pathname) => ({ method: 'GET', path: pathname })),
        headers: { 'accept-encoding': 'gzip' },
      }),
    ),
  );
}

function summary(label: string, results: autocannon.Result[]) {
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const errors = results.reduce((sum, result) => sum + result.errors + result.non2xx, 0);
  const p50 = Math.max(...results.map((result) => result.latency.p50));
  const p99 = Math.max(...results.map((result) => result.latency.p99));
  return `| ${label} | ${(requests / DURATION_SECONDS).toFixed(0)} | ${p50} | ${p99} | ${errors} |`;
}

describe('read throughput', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-cms-bench-'));
  let pair: StrapiProcess[] = [];

  afterAll(async () => {
    await Promise.all(pair.map((cms) => cms.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`one CMS process against two, ${CONNECTIONS} connections for ${DURATION_SECONDS} s`, async () => {
    const env = { GEOCODER_URL: '' };
    pair = [await startStrapi({ dataDir, env }), await startStrapi({ dataDir, env })];
    const one = await load([pair[0].url]);
    const two = await load(pair.map(({ url }) => url));
    const table = [
      `CMS read throughput on PostgreSQL (${os.cpus().length} cores; ${READS.join(', ')} in turn)`,
      '| processes | requests/s | p50 ms | p99 ms | errors |',
      '| --- | --- | --- | --- | --- |',
      summary('one', one),
      summary('two', two),
    ].join('\n');
    console.log(table);
  }, 180_000);
});
