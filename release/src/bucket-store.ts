import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type _Object,
} from '@aws-sdk/client-s3';
import { fileCacheControl } from '@blog/server-kit';
import { lookup } from 'mrmime';
import { isReleaseId, releaseId, releasesToPrune } from './releases';
import { bucketOf } from './settings';
import { bucketSite, siteOf } from './site';
import { folderFiles, otherBytes, sameFiles, type Pruned, type ReleaseStore, type SiteOfStore } from './store';

// The store of releases in an S3-compatible bucket (`BLOG_RELEASES_STORE=s3://<bucket>/<prefix>`),
// laid out so that a section's (or the shell's) origin is the bucket's address of `<prefix>/<container>`,
// as a section's own origin answers `/releases/<id>/…`:
//   <prefix>/<container>/releases/<id>/…   each release's files, never overwritten once complete
//   <prefix>/<container>/published/<id>    written last, its files listed: the release is complete, published at its time
//                                          (a render server downloads a shell release by it: `bucketReleaseOf`)
//   <prefix>/site.json                     each section's origin and the site's config.js, which the check renders with,
//                                          written by `npm run release:site`
// What is live and its history are in Redis (`BLOG_CACHE_URL`), never in the bucket.

/** Objects written or deleted at once: the bucket serves the live site meanwhile. */
const AT_ONCE = 8;
/** The most keys one DeleteObjects takes. */
const DELETE_BATCH = 1000;
/**
 * An upload that broke off is told from one under way by its files' age alone: however short the
 * time releases are kept, one written to within this long may still be going, and is never deleted.
 */
const UPLOAD_UNDER_WAY_MS = 3_600_000;

const isAbsent = (error: unknown) => error instanceof NotFound || error instanceof NoSuchKey;

/** A client from the SDK's own settings; an endpoint of another service (R2, MinIO, a test server) is addressed by path. */
function clientFromEnvironment() {
  // The SDK's notice that its versions after January 2027 need Node 22 would be a second line on a
  // refusal's stderr; the version pinned here runs on the project's Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  return new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) });
}

export class BucketStore implements ReleaseStore {
  readonly location: string;
  private readonly client = clientFromEnvironment();
  private readonly bucket: string;
  /** Every key's start: `''`, or the prefix with its trailing `/`. */
  private readonly prefix: string;

  /**
   * @param url `s3://<bucket>/<prefix>`
   * @param checkout the checkout whose render server and shell builds the check runs
   */
  constructor(
    url: string,
    private readonly checkout: string,
  ) {
    const named = bucketOf(url);
    if (!named) throw new Error(`${url} names no bucket: s3://<bucket>/<prefix>`);
    const { bucket, prefix } = named;
    this.bucket = bucket;
    this.prefix = prefix ? `${prefix}/` : '';
    this.location = `s3://${this.bucket}/${prefix}`.replace(/\/$/, '');
  }

  private releaseKey(container: string, id: string) {
    if (!isReleaseId(id)) throw new Error(`${id} is not a release id`);
    return `${this.prefix}${container}/releases/${id}/`;
  }

  private markerKey(container: string, id: string) {
    return `${this.prefix}${container}/published/${id}`;
  }

  private siteKey() {
    return `${this.prefix}site.json`;
  }

  async has(container: string, id: string): Promise<boolean> {
    if (!isReleaseId(id)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.markerKey(container, id) }));
      return true;
    } catch (error) {
      if (isAbsent(error)) return false;
      throw error;
    }
  }

  /**
   * Every file uploaded, with the `Cache-Control` and type a section's origin answers it with,
   * then the marker: until it is written the release does not exist, and publishing it again
   * writes it anew.
   */
  async publish(container: string, folder: string, buildVersion: string): Promise<{ id: string; created: boolean }> {
    const files = folderFiles(folder);
    const id = releaseId(buildVersion, files);
    if (await this.has(container, id)) {
      if (!sameFiles(files, await this.releaseFiles(container, id))) throw new Error(otherBytes(container, id));
      return { id, created: false };
    }
    const release = this.releaseKey(container, id);
    await inBatches(files, ([file, bytes]) =>
      this.put(`${release}${file}`, bytes, lookup(file) ?? 'application/octet-stream', fileCacheControl(file)),
    );
    const listing = files.map(([file]) => file).join('\n');
    await this.put(this.markerKey(container, id), `${listing}\n`, 'text/plain', 'no-cache');
    return { id, created: true };
  }

  /**
   * Deletes the releases no page may still need, by their markers' time, and the uploads that
   * broke off before their marker was written, once none of their files was written for as long
   * as releases are kept: a complete release is never one of those, nor an upload under way.
   */
  async prune(container: string, live: string | undefined, keepMs: number, now = Date.now()): Promise<Pruned> {
    const uploaded = `${this.prefix}${container}/releases/`;
    // The files before the markers: a release marked complete between the two listings is seen complete.
    const files = await this.objects(uploaded);
    const markers = await this.objects(`${this.prefix}${container}/published/`);
    const releases = markers
      .map(({ Key = '', LastModified }) => ({
        id: path.posix.basename(Key),
        publishedAt: LastModified?.getTime() ?? 0,
      }))
      .filter(({ id }) => isReleaseId(id));
    const pruned = releasesToPrune(releases, live, now, keepMs);
    for (const id of pruned) {
      // The marker first: a release half deleted no longer exists.
      await this.delete([this.markerKey(container, id)]);
      await this.delete((await this.objects(this.releaseKey(container, id))).map(({ Key = '' }) => Key));
    }
    const complete = new Set(releases.map(({ id }) => id));
    const brokenOff = uploadsBefore(files, uploaded, now - Math.max(keepMs, UPLOAD_UNDER_WAY_MS));
    const incomplete = [...brokenOff.keys()].filter((id) => !complete.has(id));
    for (const id of incomplete) await this.delete(brokenOff.get(id) ?? []);
    return { releases: pruned, incomplete };
  }

  /**
   * The bucket's `site.json` (each section's origin, the site's config), with this checkout's
   * render server and shell builds for the check to run: a release command needs nothing else
   * from the site.
   */
  async site(): Promise<SiteOfStore> {
    let description: string;
    try {
      description = await this.text(this.siteKey());
    } catch (error) {
      if (!isAbsent(error)) throw error;
      throw new Error(`${this.location}/site.json is missing: write it (npm run release:site -- <site.json>)`);
    }
    const site = siteOf(bucketSite, description, `${this.location}/site.json`);
    const renderServer = path.join(this.checkout, 'render-server', 'dist', 'index.js');
    const shellDist = path.join(this.checkout, 'shell', 'dist');
    if (!fs.existsSync(renderServer) || !fs.existsSync(path.join(shellDist, 'mf-manifest.json')))
      throw new Error(`the check runs this checkout's render server and shell: build them first (pnpm build)`);
    return { renderServer, shellDist, configFile: writtenConfig(site.config), origins: site.origins };
  }

  /** The bucket's `site.json`, as `site()` reads it; `no-cache`, so that a CDN in front never answers an older one. */
  async setSite(description: string, from: string): Promise<Record<string, string>> {
    const site = siteOf(bucketSite, description, from);
    await this.put(this.siteKey(), JSON.stringify(site, null, 2), 'application/json', 'no-cache');
    return site.origins;
  }

  private async put(key: string, body: Buffer | string, type: string, cacheControl: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: type,
        CacheControl: cacheControl,
      }),
    );
  }

  private async bytes(key: string): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  }

  private async text(key: string): Promise<string> {
    return (await this.bytes(key)).toString('utf8');
  }

  private async objects(prefix: string): Promise<_Object[]> {
    const found: _Object[] = [];
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix }))
      found.push(...(page.Contents ?? []));
    return found;
  }

  /** The files of a release as the bucket holds them, by their path in it. */
  private async releaseFiles(container: string, id: string): Promise<[string, Buffer][]> {
    const release = this.releaseKey(container, id);
    const keys = (await this.objects(release)).map(({ Key = '' }) => Key);
    const files: [string, Buffer][] = [];
    await inBatches(keys, async (key) => {
      files.push([key.slice(release.length), await this.bytes(key)]);
    });
    return files;
  }

  private async delete(keys: string[]) {
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const { Errors = [] } = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (Errors.length > 0) throw new Error(`${Errors[0].Key} could not be deleted: ${Errors[0].Message}`);
    }
  }
}

/** The keys of each release's files under `uploaded` none of which was written since `before`, by release id. */
function uploadsBefore(files: _Object[], uploaded: string, before: number): Map<string, string[]> {
  const uploads = new Map<string, { keys: string[]; lastWritten: number }>();
  for (const { Key = '', LastModified } of files) {
    const id = Key.slice(uploaded.length).split('/')[0];
    const upload = uploads.get(id) ?? { keys: [], lastWritten: 0 };
    upload.keys.push(Key);
    // A file of no known time is taken as just written: kept.
    upload.lastWritten = Math.max(upload.lastWritten, LastModified?.getTime() ?? Infinity);
    uploads.set(id, upload);
  }
  return new Map(
    [...uploads]
      .filter(([id, { lastWritten }]) => isReleaseId(id) && lastWritten < before)
      .map(([id, { keys }]) => [id, keys]),
  );
}

async function inBatches<T>(items: T[], work: (item: T) => Promise<void>) {
  for (let at = 0; at < items.length; at += AT_ONCE) await Promise.all(items.slice(at, at + AT_ONCE).map(work));
}

/** The site's config as the render server reads it, a `config.js`, in a folder of this command's own. */
function writtenConfig(config: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-release-site-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'config.js');
  fs.writeFileSync(file, `window.__BLOG_CONFIG__ = ${JSON.stringify(config)};\n`);
  return file;
}
