/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SERVER_STATE_ID, createQueryClient, serializeState, type ServerState } from '@blog/shared';
import { dehydrate } from '@blog/shared/query';
import { KeptReads } from '../kept-reads';
import { cmsReadDuration } from '../metrics';
import { MemoryPageStore } from '../page-cache';
import { renderedParts, writePartsOnPool } from '../shared-parts';
import { RenderThreads } from './threads';

// Worker threads run plain Node: the test's thread is TypeScript, loaded through esbuild, and the
// site's stylesheets (which the bundler takes) are nothing, as in Jest.
const entryFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'render-threads-'));
afterAll(() => fs.rmSync(entryFolder, { recursive: true, force: true }));
const entry = path.join(entryFolder, 'thread.js');
fs.writeFileSync(
  entry,
  `require(${JSON.stringify(require.resolve('esbuild-register/dist/node'))}).register();\n` +
    `require.extensions['.css'] = (module) => { module.exports = {}; };\n` +
    `require(${JSON.stringify(path.join(__dirname, 'threads.test-thread.ts'))});\n`,
);

const hold = new SharedArrayBuffer(4);
let threads: RenderThreads;
let keptReads: KeptReads;
let version: number;

const page = (pathname: string, signal = new AbortController().signal) =>
  threads.render({ address: pathname, section: undefined }, signal);

beforeEach(() => {
  Atomics.store(new Int32Array(hold), 0, 0);
  version = 1;
  keptReads = new KeptReads(new MemoryPageStore(1e6), 1e6, 60_000);
  threads = new RenderThreads({
    entry,
    count: 1,
    data: { hold },
    sections: () => ({ manifests: {}, version }),
    answers: keptReads,
  });
});

afterEach(() => threads.close());

describe('RenderThreads', () => {
  test('renders a page in a thread, its bytes gzipped there', async () => {
    const rendered = await page('/About');
    expect(rendered.body).toMatch(/^<p>\/About with sections 1/);
    expect(gunzipSync(rendered.prepared?.gzip ?? Buffer.alloc(0)).toString()).toBe(rendered.body);
    expect(rendered.prepared?.bytes.toString()).toBe(rendered.body);
    expect(rendered.prepared?.etag).toMatch(/^"[\w-]{27}"$/);
  });

  test('answers on this thread while a render holds its own', async () => {
    const held = page('/hold');
    // Were the page rendered here, this thread would wait for ever, and nothing below would run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let landed = false;
    void held.then(() => (landed = true));
    await Promise.resolve();
    expect(landed).toBe(false);
    Atomics.store(new Int32Array(hold), 0, 1);
    Atomics.notify(new Int32Array(hold), 0);
    expect((await held).body).toMatch(/^<p>\/hold/);
  });

  test('writes the shared parts into a kept page in a thread, as they are written here', async () => {
    const state: ServerState = { reads: dehydrate(createQueryClient()), modules: [], failed: [], remotes: {} };
    const footer = (title: string) => `<footer data-shared-part="footer"><p>${title}</p></footer>`;
    const page = (title: string) =>
      `<div id="root"><main>Its own text</main>${footer(title)}</div>` +
      `<script id="${SERVER_STATE_ID}" type="application/json">${serializeState(state)}</script>`;
    const parts = new Map(renderedParts(footer('Newest'), state, []).map((part) => [part.name, part]));
    const written = await threads.writeParts(gzipSync(page('Older')), parts);
    expect(gunzipSync(written?.gzip ?? Buffer.alloc(0)).toString()).toBe(page('Newest'));
    expect(written).toEqual(await writePartsOnPool(gzipSync(page('Older')), parts));
  });

  test('renders with the sections this thread renders with, as they are when the page is asked', async () => {
    expect((await page('/Home')).body).toContain('with sections 1');
    version = 2;
    expect((await page('/Home')).body).toContain('with sections 2');
  });

  test('has every thread follow the sections before a page asks for them', async () => {
    version = 3;
    await threads.follow();
    expect((await page('/Home')).body).toContain('(followed 3)');
  });

  test('keeps the answers many pages share here, once for every render', async () => {
    expect((await page('/About')).body).toContain('{"readOn":"/About"}');
    expect((await page('/Home')).body).toContain('{"readOn":"/About"}');
    expect(await keptReads.kept('http://cms.test/api/contact-details?populate=*')).toBe('{"readOn":"/About"}');
  });

  test("counts a render's reads in this thread's metrics, which are served from here", async () => {
    const reads = async () =>
      (await cmsReadDuration.get()).values.find(
        ({ metricName, labels }) =>
          metricName === 'blog_cms_read_duration_seconds_count' && labels.query === 'contact-details',
      )?.value ?? 0;
    const before = await reads();
    await page('/About');
    expect(await reads()).toBe(before + 1);
  });

  test('fails an aborted render with its reason, and renders the next', async () => {
    const visitor = new AbortController();
    const waiting = page('/wait', visitor.signal);
    visitor.abort(new Error('The visitor left'));
    await expect(waiting).rejects.toThrow('The visitor left');
    expect((await page('/About')).body).toMatch(/^<p>\/About/);
  });

  test('fails the renders of a thread that stops, and starts another in its place', async () => {
    await expect(page('/crash')).rejects.toThrow('The render thread stopped (exit code 3)');
    await expect(page('/About')).rejects.toThrow('No render thread is running');
    let rendered: string | undefined;
    while (!rendered) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rendered = await page('/About').then(
        ({ body }) => body,
        () => undefined,
      );
    }
    expect(rendered).toMatch(/^<p>\/About/);
  });
});
