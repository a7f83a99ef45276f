/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { BucketStore } from './bucket-store';
import { bucketReleaseOf } from './releases';
import { shellFolderOf } from './shell-folder';
import { folderFiles } from './store';
import { bucketBench, builtFolder } from './testing';
import type { BucketServer } from './testing-bucket';

// A shell release in a bucket, downloaded to a folder of this machine as a render server (or the
// check) runs it, from a real S3-compatible server (s3rver) read anonymously, as a CDN would be.

const SHELL = {
  'mf-manifest.json': '{"name":"shell","metaData":{"buildInfo":{"buildVersion":"1.0.0"}}}',
  'index.html': '<!doctype html><footer>A footer</footer>',
  'main.1a2b3c4d.js': 'main();',
  'main.1a2b3c4d.js.br': 'compressed bytes',
  'server/remoteEntry.js': 'module.exports = {};',
  'server/55.0f1e2d3c.js': 'chunk();',
};

const bench = bucketBench();
let server: BucketServer;
let client: S3Client;
let dir: string;
let store: BucketStore;
/** Where the test's releases are downloaded to. */
let downloads: string;
/** The shell's origin in the bucket, as `site.json` names it. */
let origin: string;
beforeEach(() => {
  ({ server, client, dir, store } = bench);
  downloads = path.join(dir, 'downloads');
  origin = `${server.endpoint}/${server.bucket}/${bench.prefix}/shell`;
});

const publish = async () => {
  const folder = builtFolder(dir, 'build', SHELL);
  const { id } = await store.publish('shell', folder, '1.0.0');
  return { folder, id, manifest: `${origin}/releases/${id}/mf-manifest.json` };
};
/** Writes `body` over the bucket's object at `file` of the shell's, as someone with its keys could. */
const overwrite = (file: string, body: string) =>
  client.send(
    new PutObjectCommand({
      Bucket: server.bucket,
      Key: `${bench.prefix}/shell/${file}`,
      Body: body,
    }),
  );
/** What `downloads` holds, hidden folders (a download under way) too. */
const downloaded = () => (fs.existsSync(downloads) ? fs.readdirSync(downloads) : []);

describe("a shell release's folder on this machine", () => {
  it('downloads every file of a release in a bucket into a folder named by its id, byte for byte, once', async () => {
    const { folder, id, manifest } = await publish();
    const dist = await shellFolderOf(manifest, downloads);
    expect(dist).toBe(path.join(downloads, id));
    expect(folderFiles(dist)).toEqual(folderFiles(folder));
    expect(downloaded()).toEqual([id]);

    // A release never changes: the folder is the release's from then on, whatever the bucket says.
    await overwrite(`releases/${id}/index.html`, 'changed');
    expect(await shellFolderOf(manifest, downloads)).toBe(dist);
    expect(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe(SHELL['index.html']);
  });

  it('refuses files that are not the release’s bytes, and keeps nothing of them', async () => {
    const { id, manifest } = await publish();
    await overwrite(`releases/${id}/server/remoteEntry.js`, 'tampered');
    await expect(shellFolderOf(manifest, downloads)).rejects.toThrow(
      `the files at ${manifest} are not those of the release ${id}`,
    );
    expect(downloaded()).toEqual([]);
  });

  it('refuses a release not complete in the bucket, and one whose files cannot all be read', async () => {
    const missing = `${origin}/releases/1.0.0-0123456789ab/mf-manifest.json`;
    await expect(shellFolderOf(missing, downloads)).rejects.toThrow(
      `${origin}/published/1.0.0-0123456789ab answered 404`,
    );
    const { id, manifest } = await publish();
    await overwrite(`published/${id}`, 'index.html\nabsent.0a0b0c0d.js\n');
    await expect(shellFolderOf(manifest, downloads)).rejects.toThrow(
      `${origin}/releases/${id}/absent.0a0b0c0d.js answered 404`,
    );
    expect(downloaded()).toEqual([]);
  });

  it('writes no file its listing names outside the release’s folder', async () => {
    const { id, manifest } = await publish();
    await overwrite(`published/${id}`, 'index.html\n../escaped.js\n');
    await expect(shellFolderOf(manifest, downloads)).rejects.toThrow('the release lists "../escaped.js"');
    expect(downloaded()).toEqual([]);
  });

  it('is the folder itself for a release in a folder store (a `file:` address), and refuses any other address', async () => {
    const folder = builtFolder(dir, 'store/shell/1.0.0-0123456789ab', SHELL);
    expect(await shellFolderOf(pathToFileURL(path.join(folder, 'mf-manifest.json')).href, downloads)).toBe(folder);
    await expect(shellFolderOf('http://localhost:3000/mf-manifest.json', downloads)).rejects.toThrow(
      'http://localhost:3000/mf-manifest.json is neither a folder on this machine nor a release in a bucket',
    );
    expect(downloaded()).toEqual([]);
  });
});

describe('bucketReleaseOf', () => {
  it('names a release’s id and marker from its manifest’s address in a bucket, and nothing of another address', () => {
    expect(bucketReleaseOf('https://cdn.example/site/shell/releases/1.0.0-0123456789ab/mf-manifest.json')).toEqual({
      id: '1.0.0-0123456789ab',
      listing: 'https://cdn.example/site/shell/published/1.0.0-0123456789ab',
    });
    expect(bucketReleaseOf('https://cdn.example/shell/releases/../mf-manifest.json')).toBeUndefined();
    expect(bucketReleaseOf('file:///srv/shell/releases/1.0.0-0123456789ab/mf-manifest.json')).toBeUndefined();
  });
});
