import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bucketReleaseOf, releaseId, shellDistOf, type ReleaseManifest } from './releases';

// The shell is run from a folder (its document, its scripts, its server build), so a shell
// release in a bucket is downloaded to one first: once per release, since a release never changes.

/** Where shell releases downloaded from a bucket are kept on this machine, each in `<id>/`. */
export const SHELL_DOWNLOADS = path.join(os.tmpdir(), 'blog-shell-releases');

/** Files downloaded at once: the bucket (or the CDN) serves the live site meanwhile. */
const AT_ONCE = 8;

/** Downloads of this process under way, by folder: a second ask of the same release waits for the first. */
const underWay = new Map<string, Promise<string>>();

async function bytesAt(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** A path of the marker's listing, refused unless it stays in the release's folder. */
function inRelease(file: string): string {
  const parts = file.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\')))
    throw new Error(`the release lists ${JSON.stringify(file)}, not a file of its own`);
  return path.join(...parts);
}

/**
 * Every file the release's marker lists, from beside its manifest, into a folder of its own
 * renamed to `dir` once whole; the files must be the release's own bytes (their hash is its id).
 */
async function download(manifest: string, listing: string, id: string, dir: string): Promise<string> {
  const files = (await bytesAt(listing)).toString('utf8').split('\n').filter(Boolean);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const staging = fs.mkdtempSync(`${dir}.download-`);
  try {
    const downloaded: [string, Buffer][] = [];
    for (let at = 0; at < files.length; at += AT_ONCE)
      await Promise.all(
        files.slice(at, at + AT_ONCE).map(async (file) => {
          const target = path.join(staging, inRelease(file));
          const bytes = await bytesAt(new URL(file, manifest).href);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.writeFileSync(target, bytes);
          downloaded.push([file, bytes]);
        }),
      );
    const built = JSON.parse(fs.readFileSync(path.join(staging, 'mf-manifest.json'), 'utf8')) as ReleaseManifest;
    if (releaseId(built.metaData?.buildInfo?.buildVersion ?? '0', downloaded) !== id)
      throw new Error(`the files at ${manifest} are not those of the release ${id}`);
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      // Downloaded meanwhile by another render server of this machine: the same bytes.
      if (!fs.existsSync(dir)) throw error;
    }
    return dir;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The folder of the shell's release at `manifest` on this machine: the folder store's own (a
 * `file:` address), or the release downloaded from its bucket's origin into `downloads`. One
 * that cannot be had throws, saying why.
 */
export async function shellFolderOf(manifest: string, downloads = SHELL_DOWNLOADS): Promise<string> {
  const here = shellDistOf(manifest);
  if (here) return here;
  const release = bucketReleaseOf(manifest);
  if (!release) throw new Error(`${manifest} is neither a folder on this machine nor a release in a bucket`);
  const dir = path.join(downloads, release.id);
  if (fs.existsSync(dir)) return dir;
  let pending = underWay.get(dir);
  if (!pending) {
    pending = download(manifest, release.listing, release.id, dir).finally(() => underWay.delete(dir));
    underWay.set(dir, pending);
  }
  return pending;
}
