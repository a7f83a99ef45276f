import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import builds from '../../scripts/builds.cjs';
import type { ArchiveEntry } from '@blog/shared';
import { cmsData, expect, test } from '../support/site';

// Issue 16: `npm start` keeps the site answering when the CMS dies, and brings the CMS back.

/** Whether nothing listens on `port`. */
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

/**
 * An offset that moves every port `npm start` uses (the site's 3000–3004, the CMS's 1337, its
 * metrics' 9465, Varnish's 6081) onto free ones.
 */
async function freeOffset(): Promise<number> {
  for (;;) {
    const offset = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = [1337, 3000, 3001, 3002, 3003, 3004, 6081, 9465].map((port) => port + offset);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return offset;
  }
}

/** `npm start`'s site runner, on ports and a database of its own, its output kept. */
function startSite(offset: number, dir: string) {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(builds.root, 'scripts', 'start-site.mjs')], {
    env: {
      ...process.env,
      PORT_OFFSET: String(offset),
      DATABASE_FILENAME: path.join(dir, 'data.db'),
      PUBLIC_DIR: path.join(dir, 'public'),
      BLOG_RELEASES_DIR: path.join(dir, 'releases'),
      SERVE_ADMIN_PANEL: 'false',
      GEOCODER_URL: '',
      BLOG_VARNISH_PORT: '6081',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  return { child, output: () => output.join('') };
}

const pidsOf = (output: string, name: string) =>
  [...output.matchAll(new RegExp(`${name} is running \\(pid (\\d+)\\)`, 'g'))].map(([, pid]) => Number(pid));

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('a CMS killed under npm start comes back, and the site answers throughout', async ({ request }) => {
  test.setTimeout(300_000);
  const offset = await freeOffset();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-start-'));
  const site = startSite(offset, dir);
  const siteUrl = `http://localhost:${3000 + offset}`;
  const varnishUrl = `http://localhost:${6081 + offset}`;
  try {
    await expect.poll(site.output, { timeout: 240_000, intervals: [500] }).toContain(`The site: ${varnishUrl}`);
    const pages = ['/Home', '/About', '/Articles?search=naval'];
    for (const page of pages) expect((await request.get(`${siteUrl}${page}`)).status(), page).toBe(200);
    // Varnish in front (BLOG_VARNISH_PORT), and the CMS's metrics on their own port.
    await request.get(`${varnishUrl}/About`);
    expect((await request.get(`${varnishUrl}/About`)).headers()['x-varnish-cache']).toBe('HIT');
    expect(await (await request.get(`http://localhost:${9465 + offset}/metrics`)).text()).toContain(
      'http_server_request_duration_seconds_count',
    );

    const [cms] = pidsOf(site.output(), 'The CMS');
    process.kill(cms, 'SIGKILL');
    // While the CMS is down and while it comes back, every page answers.
    const answers: number[] = [];
    await expect
      .poll(
        async () => {
          for (const page of pages)
            answers.push((await request.get(`${siteUrl}${page}`, { timeout: 10_000 })).status());
          return pidsOf(site.output(), 'The CMS').length;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(2);
    expect(site.output()).toMatch(/The CMS stopped \(SIGKILL\): starting it again in 1 s/);
    expect(new Set(answers)).toEqual(new Set([200]));

    // Back: what the CMS holds shows again.
    const [{ title_article: newest }] = await cmsData<ArchiveEntry[]>(
      request,
      'latest-articles?limit=1',
      `http://localhost:${1337 + offset}`,
    );
    await expect
      .poll(async () => (await request.get(`${siteUrl}/Articles?search=${encodeURIComponent(newest)}`)).text())
      .toContain(newest);
  } finally {
    await stop(site.child);
    // What npm start wrote, shown with a failure: why a process was not there when asked.
    await test.info().attach('npm start', { body: site.output(), contentType: 'text/plain' });
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
