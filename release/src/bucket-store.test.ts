/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BucketStore } from './bucket-store';
import { bucketBench, builtFolder } from './testing';
import type { BucketServer } from './testing-bucket';

// The store of releases in a bucket, against a real S3-compatible server (s3rver), reached through
// the SDK's own settings as a release command on another machine reaches it.

const IMMUTABLE = 'public, max-age=31536000, immutable';

const bench = bucketBench();
let server: BucketServer;
let client: S3Client;
let dir: string;
let store: BucketStore;
beforeEach(() => ({ server, client, dir, store } = bench));

/** A built section's folder with these files. */
const built = (name: string, files: Record<string, string>) => builtFolder(dir, name, files);

const BUILD = {
  'mf-manifest.json': '{"name":"mf_pages"}',
  'remoteEntry.js': 'var mf_pages;',
  'server/remoteEntry.js': 'module.exports = {};',
  '__federation_expose_About.1a2b3c4d.js': 'about();',
  'about.0f1e2d3c.css': 'h1{color:red}',
  '.inputs-hash': 'a build stamp',
};

/** The key of `file` in `store` (the test's prefix is the folder's name). */
const keyOf = (file: string) => `${bench.prefix}/mf_pages/${file}`;
/** A file as anyone reads it from the bucket: no credentials, as a browser or a render server does. */
const read = (file: string) => fetch(`${server.endpoint}/${server.bucket}/${keyOf(file)}`);
const put = (file: string, body: string) =>
  client.send(new PutObjectCommand({ Bucket: server.bucket, Key: keyOf(file), Body: body }));
const siteKey = () => `${bench.prefix}/site.json`;
const remove = (file: string) => client.send(new DeleteObjectCommand({ Bucket: server.bucket, Key: keyOf(file) }));

describe('the store of releases in a bucket', () => {
  it('uploads every file with the caching and type a section’s origin gives it, then marks the release complete', async () => {
    const { id, created } = await store.publish('mf_pages', built('build', BUILD), '1.0.0');
    expect(created).toBe(true);
    expect(await store.has('mf_pages', id)).toBe(true);
    expect((await read(`published/${id}`)).status).toBe(200);
    const expected: [string, string, string][] = [
      ['mf-manifest.json', 'application/json', 'no-cache'],
      ['remoteEntry.js', 'text/javascript', 'no-cache'],
      ['server/remoteEntry.js', 'text/javascript', 'no-cache'],
      ['__federation_expose_About.1a2b3c4d.js', 'text/javascript', IMMUTABLE],
      ['about.0f1e2d3c.css', 'text/css', IMMUTABLE],
    ];
    for (const [file, type, cacheControl] of expected) {
      const response = await read(`releases/${id}/${file}`);
      expect([file, response.status, await response.text()]).toEqual([file, 200, BUILD[file as keyof typeof BUILD]]);
      expect([file, response.headers.get('content-type'), response.headers.get('cache-control')]).toEqual([
        file,
        type,
        cacheControl,
      ]);
    }
    // A dotfile (a build's stamp) is no part of a release, as in the folder.
    expect((await read(`releases/${id}/.inputs-hash`)).status).toBe(404);
  });

  it('takes the same bytes again as the release already there, and refuses other bytes under its id', async () => {
    const folder = built('build', BUILD);
    const { id } = await store.publish('mf_pages', folder, '1.0.0');
    expect(await store.publish('mf_pages', folder, '1.0.0')).toEqual({ id, created: false });

    await put(`releases/${id}/server/remoteEntry.js`, 'tampered');
    await expect(store.publish('mf_pages', folder, '1.0.0')).rejects.toThrow(
      `release ${id} of mf_pages exists with other bytes: a release is never overwritten`,
    );
    expect(await (await read(`releases/${id}/server/remoteEntry.js`)).text()).toBe('tampered');
  });

  it('holds no release whose marker is not written, and writes it whole when it is published again', async () => {
    const folder = built('build', BUILD);
    const { id } = await store.publish('mf_pages', folder, '1.0.0');
    // An upload that stopped half way: a file and the marker never written.
    await remove(`published/${id}`);
    await remove(`releases/${id}/remoteEntry.js`);
    expect(await store.has('mf_pages', id)).toBe(false);

    expect(await store.publish('mf_pages', folder, '1.0.0')).toEqual({ id, created: true });
    expect(await store.has('mf_pages', id)).toBe(true);
    expect(await (await read(`releases/${id}/remoteEntry.js`)).text()).toBe(BUILD['remoteEntry.js']);
    expect(await store.has('mf_pages', '1.0.0-0123456789ab')).toBe(false);
  });

  it('deletes from the bucket the releases past the time kept, but the newest five and the live one, by their markers’ time', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const { id } = await store.publish(
        'mf_pages',
        built(`build${index}`, { ...BUILD, 'remoteEntry.js': `${index}` }),
        '1.0.0',
      );
      server.age(keyOf(`published/${id}`), new Date(Date.now() - (48 - index) * 3_600_000));
      ids.push(id);
    }
    expect(await store.prune('mf_pages', ids[0], 24 * 3_600_000)).toEqual({ releases: [ids[1]], incomplete: [] });
    expect(await Promise.all(ids.map((id) => store.has('mf_pages', id)))).toEqual([
      true,
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    const listed = await fetch(
      `${server.endpoint}/${server.bucket}?list-type=2&prefix=${encodeURIComponent(keyOf(`releases/${ids[1]}/`))}`,
    );
    expect(await listed.text()).toContain('<KeyCount>0</KeyCount>');
    expect((await read(`releases/${ids[1]}/mf-manifest.json`)).status).toBe(404);
    expect((await read(`releases/${ids[0]}/mf-manifest.json`)).status).toBe(200);
  });

  it('deletes the uploads that broke off once none of their files was written for as long as releases are kept, never a complete release nor an upload under way', async () => {
    const HOUR = 3_600_000;
    const now = Date.now();
    /** A release of its own bytes published, its files and marker written `hoursAgo`, its marker then deleted unless `complete`. */
    const upload = async (label: string, hoursAgo: number, complete = false) => {
      const { id } = await store.publish('mf_pages', built(label, { ...BUILD, 'remoteEntry.js': label }), '1.0.0');
      const files = Object.keys(BUILD).filter((file) => !file.startsWith('.'));
      for (const file of files) server.age(keyOf(`releases/${id}/${file}`), new Date(now - hoursAgo * HOUR));
      if (complete) server.age(keyOf(`published/${id}`), new Date(now - hoursAgo * HOUR));
      else await remove(`published/${id}`);
      return id;
    };
    /** How many files of release `id` the bucket lists. */
    const fileCount = async (id: string) => {
      const prefix = encodeURIComponent(keyOf(`releases/${id}/`));
      const listed = await fetch(`${server.endpoint}/${server.bucket}?list-type=2&prefix=${prefix}`);
      return /<KeyCount>(\d+)<\/KeyCount>/.exec(await listed.text())?.[1];
    };
    const kept = await upload('kept', 48, true);
    const brokenOff = await upload('broken-off', 48);
    const underWay = await upload('under-way', 0.5);
    // Broken off long ago, but one of its files written again since: published anew, under way.
    const resumed = await upload('resumed', 48);
    server.age(keyOf(`releases/${resumed}/remoteEntry.js`), new Date(now - 2 * HOUR));

    expect(await store.prune('mf_pages', kept, 24 * HOUR, now)).toEqual({ releases: [], incomplete: [brokenOff] });
    expect(await Promise.all([kept, brokenOff, underWay, resumed].map(fileCount))).toEqual(['5', '0', '5', '5']);
    expect(await store.has('mf_pages', kept)).toBe(true);

    // Releases kept no time at all: an upload written to within the hour may still be going.
    expect(await store.prune('mf_pages', kept, 0, now)).toEqual({ releases: [], incomplete: [resumed] });
    expect(await store.prune('mf_pages', kept, 0, now + HOUR)).toEqual({ releases: [], incomplete: [underWay] });
    expect(await Promise.all([kept, underWay, resumed].map(fileCount))).toEqual(['5', '0', '0']);
  });

  it('reads the site from the bucket as it was written, with this checkout’s builds for the check', async () => {
    await expect(store.site()).rejects.toThrow(
      `${store.location}/site.json is missing: write it (npm run release:site`,
    );
    const origin = `${server.endpoint}/${server.bucket}/${keyOf('').slice(0, -1)}`;
    const written = await store.setSite(
      JSON.stringify({ origins: { mf_pages: `${origin}/` }, config: { cmsUrl: 'http://cms.test' } }),
      'site.json',
    );
    // Without the trailing slash, so that `<origin>/releases/…` is the release's address.
    expect(written).toEqual({ mf_pages: origin });
    const object = await fetch(`${server.endpoint}/${server.bucket}/${siteKey()}`);
    expect([object.headers.get('content-type'), object.headers.get('cache-control')]).toEqual([
      'application/json',
      'no-cache',
    ]);
    await expect(store.site()).rejects.toThrow("the check runs this checkout's render server and shell");
    built('render-server/dist', { 'index.js': '' });
    built('shell/dist', { 'mf-manifest.json': '{}' });
    const site = await store.site();
    expect(site).toMatchObject({
      origins: { mf_pages: origin },
      renderServer: path.join(dir, 'render-server', 'dist', 'index.js'),
      shellDist: path.join(dir, 'shell', 'dist'),
    });
    expect(fs.readFileSync(site.configFile, 'utf8')).toBe('window.__BLOG_CONFIG__ = {"cmsUrl":"http://cms.test"};\n');
  });

  it('refuses to write a site its reader would refuse, in one line naming what is wrong, and reads one written by hand as strictly', async () => {
    const origins = { mf_pages: 'http://bucket.test/site/mf_pages' };
    const config = { cmsUrl: 'http://cms.test' };
    const wrong = (why: string) => `site.json is not the site's description: ${why}`;
    const refusals: [string, string][] = [
      ['{"origins":', 'site.json is not JSON'],
      ['[]', wrong('it must be a JSON object')],
      [JSON.stringify({ config }), wrong("origins must be an object of each section's origin by its container")],
      [
        JSON.stringify({ origins: { mf_pages: 'bucket.test/mf_pages' }, config }),
        wrong('origins.mf_pages must be an http(s) address'),
      ],
      [JSON.stringify({ origins }), wrong("config must be the site's config, an object with its cmsUrl")],
      [JSON.stringify({ origins, config: {} }), wrong('config.cmsUrl must be an http(s) address')],
    ];
    for (const [description, refusal] of refusals) {
      const said = await Promise.resolve(store.setSite(description, 'site.json')).then(
        () => 'written',
        (error: Error) => error.message,
      );
      expect(said).toBe(refusal);
    }
    await expect(store.site()).rejects.toThrow('is missing');

    await client.send(
      new PutObjectCommand({ Bucket: server.bucket, Key: siteKey(), Body: JSON.stringify({ origins }) }),
    );
    await expect(store.site()).rejects.toThrow(
      `${store.location}/site.json is not the site's description: config must be the site's config, an object with its cmsUrl`,
    );
  });
});

describe('npm run release:site', () => {
  /** `npm run release:site -- …args` as the site's operator runs it: the bucket's settings, and no Redis. */
  const writeSite = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [path.join(__dirname, '..', '..', 'scripts', 'release.mjs'), 'site', ...args],
      { env: { PATH: process.env.PATH, ...server.env, BLOG_RELEASES_STORE: store.location } },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      ({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) => ({ code, stdout, stderr }),
    );

  it('writes the site described in a file into the bucket, and refuses an invalid one in one line', async () => {
    const file = path.join(dir, 'site.json');
    const origin = `${server.endpoint}/${server.bucket}/${keyOf('').slice(0, -1)}`;
    fs.writeFileSync(file, JSON.stringify({ origins: { mf_pages: origin }, config: { cmsUrl: 'ftp://cms.test' } }));
    expect(await writeSite(file)).toEqual({
      code: 1,
      stdout: '',
      stderr: `release: ${file} is not the site's description: config.cmsUrl must be an http(s) address\n`,
    });
    await expect(store.site()).rejects.toThrow('is missing');

    fs.writeFileSync(file, JSON.stringify({ origins: { mf_pages: origin }, config: { cmsUrl: 'http://cms.test' } }));
    expect(await writeSite(file)).toEqual({
      code: 0,
      stdout: `${store.location}/site.json written: mf_pages at ${origin}\n`,
      stderr: '',
    });
    built('render-server/dist', { 'index.js': '' });
    built('shell/dist', { 'mf-manifest.json': '{}' });
    expect((await store.site()).origins).toEqual({ mf_pages: origin });
  });
});
