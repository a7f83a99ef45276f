/** @jest-environment node */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChildRenderServers, ChildRenderServersBusy } from './child-render-servers';

// A stand-in for the render server's code: it answers with the builds it was started for.
// It notes in \`lives.log\` beside it when it starts and when it ends.
const SERVER = `
const fs = require('node:fs');
const http = require('node:http');
const log = require('node:path').join(__dirname, 'lives.log');
fs.appendFileSync(log, 'start\\n');
http.createServer((req, res) => res.end(JSON.stringify({
  builds: JSON.parse(process.env.BLOG_PREVIEW_SECTIONS),
  remotes: require(process.env.BLOG_REMOTES_FILE),
  cache: process.env.BLOG_CACHE_URL,
  host: process.env.BLOG_HOST,
  proxyHops: process.env.BLOG_PROXY_HOPS,
}))).listen(Number(process.env.PORT), '127.0.0.1');
process.channel?.unref();
const end = () => { fs.appendFileSync(log, 'end\\n'); process.exit(0); };
process.on('disconnect', end);
process.on('SIGTERM', end);
`;

/** The most of the stand-ins that ever ran at once, from their log. */
function mostAtOnce(dir: string): number {
  let running = 0;
  let most = 0;
  for (const line of readFileSync(path.join(dir, 'lives.log'), 'utf8').trim().split('\n')) {
    running += line === 'start' ? 1 : -1;
    most = Math.max(most, running);
  }
  return most;
}

const pages = (n: number) => ({ mf_pages: `https://builds.example/${n}/mf-manifest.json` });
const answer = async (origin: string) => (await fetch(origin)).json() as Promise<Record<string, unknown>>;
const answers = (origin: string) =>
  fetch(origin).then(
    () => true,
    () => false,
  );
/** Whether a server still answers after up to 5 s of waiting for it to stop. */
async function untilGone(origin: string) {
  for (let attempt = 0; attempt < 50 && (await answers(origin)); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return answers(origin);
}

describe('the render servers of previewed builds', () => {
  let dir: string;
  let builds: ChildRenderServers;
  let contactManifest: string;

  beforeEach(() => {
    contactManifest = 'http://localhost:3003/mf-manifest.json';
    dir = mkdtempSync(path.join(os.tmpdir(), 'child-render-servers-'));
    writeFileSync(path.join(dir, 'server.js'), SERVER);
    builds = new ChildRenderServers({
      entry: path.join(dir, 'server.js'),
      deployed: () => ({ mf_pages: 'http://localhost:3004/mf-manifest.json', mf_contact: contactManifest }),
      max: 2,
      env: { ...process.env, BLOG_CACHE_URL: 'redis://shared:6379' },
    });
  });
  afterEach(() => {
    builds.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('start one server per set of builds, pointed at them, sharing no cache, on loopback, trusting this server alone', async () => {
    const origin = await builds.origin(pages(1));
    expect(await answer(origin)).toEqual({
      builds: pages(1),
      remotes: { mf_pages: pages(1).mf_pages, mf_contact: 'http://localhost:3003/mf-manifest.json' },
      cache: '',
      host: '127.0.0.1',
      proxyHops: '1',
    });
    expect(await builds.origin(pages(1))).toBe(origin);
  });

  it('stop the one unused for longest when more are asked for than are kept', async () => {
    const first = await builds.origin(pages(1));
    const second = await builds.origin(pages(2));
    expect(await builds.origin(pages(1))).toBe(first);
    await builds.origin(pages(3));
    expect(await untilGone(second)).toBe(false);
    expect(await answers(first)).toBe(true);
  });

  it('stop every server but those retained, as deployed now', async () => {
    const first = await builds.origin(pages(1));
    const second = await builds.origin(pages(2));
    builds.retain([pages(2)]);
    expect(await untilGone(first)).toBe(false);
    expect(await builds.origin(pages(2))).toBe(second);
    // Another section's release: the server of the same builds started before it is not retained.
    contactManifest = 'http://localhost:3003/releases/2/mf-manifest.json';
    builds.retain([pages(2)]);
    expect(await untilGone(second)).toBe(false);
  });

  it('never run more than they keep, however many are asked for at once', async () => {
    const asked = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => builds.origin(pages(n))));
    const started = asked.filter((result) => result.status === 'fulfilled');
    expect(started).toHaveLength(2);
    for (const result of asked)
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(ChildRenderServersBusy);
    // Once they have started, the next stops the one unused for longest before it starts.
    await builds.origin(pages(7));
    await builds.origin(pages(8));
    expect(mostAtOnce(dir)).toBe(2);
  });
});
