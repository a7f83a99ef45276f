import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@blog/cms/testing';
import { accepts, otherAddress } from '@blog/shared/testing/interfaces';
import builds from '../../scripts/builds.cjs';
import serve from '../../scripts/serve.cjs';
import { childrenOf, environmentOf } from '../support/processes';
import { rawRequest } from '../support/raw-request';
import { liveManifest, startRenderServer } from '../support/render-server';
import { appUrls, expect, test } from '../support/site';

// Issue 39: a quiet surface. Beside the site's pages nothing answers beyond the loopback interface
// (the render server's metrics, the render servers it starts), and no dotfile of a build is served.

/** An address of this machine's other than loopback, where a server listening on every interface answers too. */
const other = otherAddress();
const NO_OTHER = 'this machine has no interface but loopback';

/** A dotfile as a request may spell it, each decoded to it by a server. */
const dotfile = (name: string, under = '') =>
  [`/${name}`, `/%2e${name.slice(1)}`, `/./${name}`, `/x/../${name}`].map((spelling) => `${under}${spelling}`);

test.describe('the surface checks', () => {
  test('every section origin and the render server answer a build stamp 404, however spelled', async () => {
    const apps = builds.apps as Record<string, { package: string }>;
    for (const [container, url] of Object.entries(appUrls())) {
      // The stamp is in every folder served (the run's copy of each build): the 404 is the server's.
      const served = path.join(path.dirname(process.env.SHELL_DIST as string), apps[container].package);
      expect(fs.existsSync(path.join(served, '.inputs-hash')), served).toBe(true);
      for (const spelling of dotfile('.inputs-hash')) {
        expect((await rawRequest(url, spelling)).status, `${container} ${spelling}`).toBe(404);
      }
    }
  });

  test("a section origin answers the store of releases' dotfiles 404, and its releases' files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-surface-'));
    const dist = path.join(dir, 'dist');
    const releases = path.join(dir, 'releases');
    fs.mkdirSync(path.join(releases, 'r1', '.cache'), { recursive: true });
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(releases, 'r1', 'remoteEntry.js'), '// a release');
    fs.writeFileSync(path.join(releases, 'r1', '.inputs-hash'), 'a stamp');
    fs.writeFileSync(path.join(releases, 'r1', '.cache', 'notes.txt'), 'kept apart');
    fs.writeFileSync(path.join(releases, '.lock'), 'a lock');
    const port = await freePort();
    const origin = await serve.serveDist(dist, port, {}, { releases });
    try {
      const url = `http://127.0.0.1:${port}`;
      expect((await rawRequest(url, '/releases/r1/remoteEntry.js')).status).toBe(200);
      for (const spelling of [
        ...dotfile('.inputs-hash', '/releases/r1'),
        ...dotfile('.lock', '/releases'),
        '/releases/r1/.cache/notes.txt',
        '/releases/r1/%2ecache/notes.txt',
      ]) {
        expect((await rawRequest(url, spelling)).status, spelling).toBe(404);
      }
    } finally {
      await new Promise((resolve) => origin.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the render server's metrics listen on the loopback interface only, its pages on every one", async () => {
    test.skip(!other, NO_OTHER);
    const metricsPort = await freePort();
    const server = await startRenderServer({ env: { BLOG_METRICS_PORT: String(metricsPort) } });
    try {
      const port = Number(new URL(server.url).port);
      expect(await accepts(other as string, port)).toBe(true);
      expect(await accepts('127.0.0.1', metricsPort)).toBe(true);
      expect(await accepts(other as string, metricsPort)).toBe(false);
    } finally {
      await server.close();
    }
  });

  test('the render server of a previewed build listens on the loopback interface only', async () => {
    test.skip(!other, NO_OTHER);
    test.setTimeout(60_000);
    const server = await startRenderServer();
    try {
      const query = new URLSearchParams({
        secret: process.env.PREVIEW_SECRET as string,
        path: '/About',
        mf_pages: `${liveManifest('mf_pages')}?build=surface`,
      });
      const opened = await rawRequest(server.url, `/preview/sections?${query}`);
      expect(opened.status).toBe(303);
      const cookie = String(opened.headers['set-cookie']?.[0]).split(';')[0];
      expect((await rawRequest(server.url, '/About', { headers: { Cookie: cookie } })).status).toBe(200);
      const [child] = childrenOf(server.pid);
      const port = Number(environmentOf(child).PORT);
      expect(await accepts('127.0.0.1', port)).toBe(true);
      expect(await accepts(other as string, port)).toBe(false);
    } finally {
      await server.close();
    }
  });
});
