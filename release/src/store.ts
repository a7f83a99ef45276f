import fs from 'node:fs';
import path from 'node:path';
import {
  EMPTY_REGISTRY,
  isReleaseId,
  parseHistory,
  parseRegistry,
  releaseId,
  releasesToPrune,
  switched,
  type Registry,
  type Switch,
} from './releases';
import { folderSite, siteOf, type SiteOfStore } from './site';

export type { SiteOfStore } from './site';

// The store of releases: a folder (`FolderStore`, below) or a bucket (`BucketStore`,
// bucket-store.ts); the release command does not care which.
//
// The embedded store, a folder (`BLOG_RELEASES_DIR`):
//   <container>/<id>/…   each release's files, never overwritten
//   registry.json        what is live, written whole by rename
//   history.jsonl        every switch, appended
//   site.json            the site the releases go live on (written by `npm start`, or `npm run release:site`)

export const REGISTRY_FILE = 'registry.json';
const HISTORY_FILE = 'history.jsonl';
const SITE_FILE = 'site.json';
const LOCK = 'registry.lock';
/** A lock older than this was left by a process that died while it held it. */
const STALE_LOCK_MS = 30_000;

/** Every file of a built folder, by its path in it (`/`-separated), but for dotfiles (a build's stamps). */
export function folderFiles(dir: string): [string, Buffer][] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')))
    .map((file) => [file, fs.readFileSync(path.join(dir, file))]);
}

/** Whether two releases' files are the same, byte for byte. */
export const sameFiles = (a: [string, Buffer][], b: [string, Buffer][]) => {
  const other = new Map(b);
  return a.length === b.length && a.every(([file, bytes]) => other.get(file)?.equals(bytes));
};

/** Why a release is not published again with other bytes: the same words, whatever the store. */
export const otherBytes = (container: string, id: string) =>
  `release ${id} of ${container} exists with other bytes: a release is never overwritten`;

type Awaitable<T> = T | Promise<T>;

/** What a pruning deleted, by release id. */
export interface Pruned {
  /** Releases no page may still need. */
  releases: string[];
  /** Uploads that broke off before their release was complete (a bucket's: a folder's release appears whole, by rename). */
  incomplete: string[];
}

/** Where a section's releases are kept, and the site they go live on: a folder or a bucket. */
export interface ReleaseStore {
  /** Where it is, for the command's lines: a folder, or `s3://<bucket>/<prefix>`. */
  readonly location: string;
  /** Whether the store holds the release `id` of `container`, complete. */
  has(container: string, id: string): Awaitable<boolean>;
  /**
   * Publishes a built folder as a release of `container`, whole and never overwritten: the same
   * id with the same bytes is the release already there; with other bytes it is refused (`otherBytes`).
   */
  publish(container: string, folder: string, buildVersion: string): Awaitable<{ id: string; created: boolean }>;
  /** Deletes the releases of `container` no page may still need (`releasesToPrune`), and uploads that broke off. */
  prune(container: string, live: string | undefined, keepMs: number, now?: number): Awaitable<Pruned>;
  /** The site the releases go live on; one not written yet throws, saying who writes it. */
  site(): Awaitable<SiteOfStore>;
  /**
   * Writes the site the releases go live on, described by the JSON `description` (read from
   * `from`), once the schema `site()` reads it with takes it; each section's origin, by container.
   */
  setSite(description: string, from: string): Awaitable<Record<string, string>>;
}

/** Where what is live and its history are kept: the store's own files, or Redis (`BLOG_CACHE_URL`, `RedisRegistry`). */
export interface LiveRegistry {
  /** What is live; one that cannot be read throws, naming it. */
  registry(): Promise<Registry>;
  /** Compare and set (`switched`): a switch of the same section since `read` throws `SwitchConflict`. */
  switch(read: Registry, section: string, entry: Registry['live'][string]): Promise<Registry>;
  /**
   * Tells every render server of the shell release at `manifest` before it is checked, so that one
   * in a bucket is downloaded by then and its switch waits for no download (Redis's notice; the file
   * registry's render servers run the folder's own releases).
   */
  announce(manifest: string): Promise<void>;
  /** Appends one switch to the history. */
  record(entry: Switch): Promise<void>;
  history(): Promise<Switch[]>;
  close(): Promise<void>;
}

/** The store's own files as the registry: `registry.json` and `history.jsonl`. */
export const fileRegistry = (store: FolderStore): LiveRegistry => ({
  // Run in a promise, so that a registry that cannot be read rejects as Redis's does.
  registry: () => Promise.resolve().then(() => store.registry()),
  switch: (read, section, entry) => store.switch(read, section, entry),
  announce: () => Promise.resolve(),
  record: (entry) => Promise.resolve().then(() => store.record(entry)),
  history: () => Promise.resolve().then(() => store.history()),
  close: () => Promise.resolve(),
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FolderStore implements ReleaseStore {
  constructor(readonly dir: string) {}

  get location(): string {
    return this.dir;
  }

  private file(name: string) {
    return path.join(this.dir, name);
  }

  releaseDir(container: string, id: string): string {
    if (!isReleaseId(id)) throw new Error(`${id} is not a release id`);
    return path.join(this.dir, container, id);
  }

  has(container: string, id: string): boolean {
    return isReleaseId(id) && fs.existsSync(path.join(this.releaseDir(container, id), 'mf-manifest.json'));
  }

  /**
   * Publishes a built folder as a release of `container`: copied whole under a temporary name,
   * then renamed to its id, so a release is never seen half written and never overwritten. The
   * same id with the same bytes is the release already there; with other bytes it is refused.
   */
  publish(container: string, folder: string, buildVersion: string): { id: string; created: boolean } {
    const files = folderFiles(folder);
    const id = releaseId(buildVersion, files);
    const target = this.releaseDir(container, id);
    if (fs.existsSync(target)) {
      if (!sameFiles(files, folderFiles(target))) throw new Error(otherBytes(container, id));
      return { id, created: false };
    }
    const staging = path.join(this.dir, container, `.${id}.${process.pid}.tmp`);
    fs.rmSync(staging, { recursive: true, force: true });
    for (const [file, bytes] of files) {
      fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      fs.writeFileSync(path.join(staging, file), bytes);
    }
    try {
      fs.renameSync(staging, target);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      // Published at the same moment by another command: the same bytes, or refused as above.
      if (fs.existsSync(target)) return this.publish(container, folder, buildVersion);
      throw error;
    }
    return { id, created: true };
  }

  prune(container: string, live: string | undefined, keepMs: number, now = Date.now()): Pruned {
    const dir = path.join(this.dir, container);
    const releases = fs
      .readdirSync(dir)
      .filter(isReleaseId)
      .map((id) => ({ id, publishedAt: fs.statSync(path.join(dir, id)).mtimeMs }));
    const pruned = releasesToPrune(releases, live, now, keepMs);
    for (const id of pruned) fs.rmSync(path.join(dir, id), { recursive: true, force: true });
    return { releases: pruned, incomplete: [] };
  }

  /** What is live; none yet is an empty registry. A registry that cannot be read throws, naming it. */
  registry(): Registry {
    const file = this.file(REGISTRY_FILE);
    if (!fs.existsSync(file)) return EMPTY_REGISTRY;
    try {
      return parseRegistry(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`the registry ${file} cannot be read (${(error as Error).message}): restore it by hand`);
    }
  }

  /**
   * Switches `section` to `entry`, compared with the registry the caller read (`switched`): under
   * a lock only this write holds, for the few milliseconds of a read and a rename.
   */
  async switch(read: Registry, section: string, entry: Registry['live'][string]): Promise<Registry> {
    return this.locked(() => {
      const next = switched(this.registry(), read, section, entry);
      const file = this.file(REGISTRY_FILE);
      const staging = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(staging, `${JSON.stringify(next, null, 2)}\n`);
      fs.renameSync(staging, file);
      return next;
    });
  }

  private async locked<T>(work: () => T): Promise<T> {
    const lock = this.file(LOCK);
    fs.mkdirSync(this.dir, { recursive: true });
    for (;;) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const since = fs.statSync(lock, { throwIfNoEntry: false });
        if (since && Date.now() - since.mtimeMs > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
        else await pause(10);
      }
    }
    try {
      return work();
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }

  /** Adds a switch to the history: one line appended, never a line changed. */
  record(entry: Switch): void {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.appendFileSync(this.file(HISTORY_FILE), `${JSON.stringify(entry)}\n`);
  }

  history(): Switch[] {
    const file = this.file(HISTORY_FILE);
    return fs.existsSync(file) ? parseHistory(fs.readFileSync(file, 'utf8')) : [];
  }

  site(): SiteOfStore {
    const file = this.file(SITE_FILE);
    if (!fs.existsSync(file))
      throw new Error(`${file} is missing: start the site first (npm start), or write it (npm run release:site)`);
    return siteOf(folderSite, fs.readFileSync(file, 'utf8'), file);
  }

  /** Written by whoever runs the site: `npm start` at every start, or its operator (`npm run release:site`). */
  setSite(description: string, from: string): Record<string, string> {
    const site = siteOf(folderSite, description, from);
    fs.mkdirSync(this.dir, { recursive: true });
    const file = this.file(SITE_FILE);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(site, null, 2));
    fs.renameSync(`${file}.tmp`, file);
    return site.origins;
  }
}
