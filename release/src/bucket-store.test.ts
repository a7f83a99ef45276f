/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BucketStore } from './bucket-store';
import { builtFolder } from './testing';
import { startBucket, type BucketServer } from './testing-bucket';

// The store of releases in a bucket, against a real S3-compatible server (s3rver), reached through
// the SDK's own settings as a release command on another machine reaches it.

const PREFIX = 'site';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let server: BucketServer;
let client: S3Client;
let dir: string;
let store: BucketStore;

beforeAll(async () => {
  server = await startBucket();
  Object.assign(process.env, server.env);
  client = new S3Client({ forcePathStyle: true });
});
afterAll(async () => {
  client.destroy();
  await server.stop();
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bucket-test-'));
  store = new BucketStore(`s3://${server.bucket}/${PREFIX}/${path.basename(dir)}`, dir);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

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
const keyOf = (file: string) => `${PREFIX}/${path.basename(dir)}/mf_pages/${file}`;
/** A file as anyone reads it from the bucket: no credentials, as a browser or a render server does. */
const read = (file: string) => fetch(`${server.endpoint}/${server.bucket}/${keyOf(file)}`);
const put = (file: string, body: string) =>
  client.send(new PutObjectCommand({ Bucket: server.bucket, Key: keyOf(file), Body: body }));
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
    expect(await store.prune('mf_pages', ids[0], 24 * 3_600_000)).toEqual([ids[1]]);
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

  it('reads the site from the bucket, with this checkout’s builds for the check', async () => {
    await expect(store.site()).rejects.toThrow(`${store.location}/site.json is missing`);
    const origins = { mf_pages: `${server.endpoint}/${server.bucket}/${keyOf('').slice(0, -1)}` };
    await client.send(
      new PutObjectCommand({
        Bucket: server.bucket,
        Key: `${PREFIX}/${path.basename(dir)}/site.json`,
        Body: JSON.stringify({ origins, config: { cmsUrl: 'http://cms.test' } }),
      }),
    );
    await expect(store.site()).rejects.toThrow("the check runs this checkout's render server and shell");
    built('render-server/dist', { 'index.js': '' });
    built('shell/dist', { 'mf-manifest.json': '{}' });
    const site = await store.site();
    expect(site).toMatchObject({
      origins,
      renderServer: path.join(dir, 'render-server', 'dist', 'index.js'),
      shellDist: path.join(dir, 'shell', 'dist'),
    });
    expect(fs.readFileSync(site.configFile, 'utf8')).toBe('window.__BLOG_CONFIG__ = {"cmsUrl":"http://cms.test"};\n');
  });
});
