import { createHash } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { log } from './log';
import { TaggedCache } from './tag-index';
import { MemoryPageStore, type CachedPage, type Lend, type Mark, type PageStore, type StoredPage } from './page-cache';

/** What is kept of a page on disk, in memory: all but its bytes, and its marks. */
interface DiskEntry {
  meta: Omit<CachedPage, 'body' | 'gzip'>;
  file: string;
  /** Its gzip's bytes and its bookkeeping's. */
  bytes: number;
  /** Its file, once written: read after it, deleted after it. */
  written: Promise<void>;
  invalid: boolean;
  stale?: boolean;
  partsStale?: boolean;
}

const entryBytes = (gzip: Buffer, tags: string[]) => gzip.length + tags.reduce((sum, tag) => sum + tag.length, 0) + 512;

/** The bytes of `file` in memory `lend` gives; none when it gives none for so many. */
function readInto(file: string, lend: Lend): Buffer | undefined {
  const descriptor = openSync(file, 'r');
  try {
    const bytes = lend(fstatSync(descriptor).size);
    if (!bytes) return undefined;
    const read = readSync(descriptor, bytes, 0, bytes.length, 0);
    if (read !== bytes.length) throw new Error(`${file} ended after ${read} of ${bytes.length} bytes`);
    return bytes;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Pages kept for the whole site: the most recently used in memory as `MemoryPageStore` keeps
 * them (`hotBytes`), and every page gzipped in a file of `folder` (`diskBytes` in all, the least
 * recently used dropped), with what names it (its tags, when it was rendered, its marks) in memory,
 * so that a change marks it without reading the disk. A page read from disk is answered zipped
 * (`pageBody`): read into memory lent for its answer (`Lend`), or else kept in memory again, as
 * its gzip alone. The folder is this process's: emptied at start and removed at close.
 */
export class DiskPageStore implements PageStore {
  private readonly hot: MemoryPageStore;
  private readonly index: TaggedCache<DiskEntry>;
  private files = 0;

  constructor(
    private readonly folder: string,
    hotBytes: number,
    diskBytes: number,
  ) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    this.hot = new MemoryPageStore(hotBytes);
    this.index = new TaggedCache<DiskEntry>({
      maxBytes: diskBytes,
      bytesOf: ({ bytes }) => bytes,
      tagsOf: ({ meta }) => meta.tags,
      dispose: ({ file, written }) =>
        void written.then(() => unlink(path.join(this.folder, file))).catch(() => undefined),
    });
  }

  /**
   * A page in memory, or read from its file: into memory `lend` gives, for one answer, where it
   * gives some; else into a buffer of its own, and kept in memory again.
   */
  async get(key: string, lend?: Lend): Promise<StoredPage | undefined> {
    const hot = await this.hot.get(key);
    if (hot) return hot;
    const entry = this.index.get(key);
    if (!entry) return undefined;
    try {
      await entry.written;
      // Read at once, not through `fs/promises`: a page's gzip is a few kilobytes the OS keeps in
      // memory, read in 11 µs of CPU, where the promise read's open, stat, read and close, each a
      // trip through libuv's pool, cost 95 µs (12 kB files, 20,000 reads) of the cores the mix shares.
      const file = path.join(this.folder, entry.file);
      const lent = lend && readInto(file, lend);
      const gzip = lent ?? readFileSync(file);
      // Its marks as they are now, after the read: a change reported meanwhile is in them.
      const { invalid, stale, partsStale } = entry;
      const stored = { page: { ...entry.meta, gzip }, invalid, stale, partsStale };
      // Lent bytes are another page's after the answer: such a page is read again when next asked.
      if (!lent && this.index.peek(key) === entry) await this.hot.set(key, stored);
      return stored;
    } catch (error) {
      // Its file was replaced or dropped meanwhile: as if it were not kept.
      log.warn({ err: error }, `The page kept on disk for ${key} could not be read`);
      return undefined;
    }
  }

  async set(key: string, stored: StoredPage): Promise<void> {
    const { gzip, renderedAt, status, tags, type, etag } = stored.page;
    const meta = { status, type, etag, tags, renderedAt };
    await this.hot.set(key, stored);
    const file = `${createHash('sha256').update(key).digest('hex').slice(0, 24)}-${(this.files += 1).toString(36)}.gz`;
    // Indexed before it is written, so that a change reported meanwhile marks it.
    const written = writeFile(path.join(this.folder, file), gzip);
    this.index.set(key, {
      meta,
      file,
      bytes: entryBytes(gzip, tags),
      written,
      invalid: stored.invalid,
      stale: stored.stale,
      partsStale: stored.partsStale,
    });
    await written;
  }

  async keeps(key: string) {
    const entry = this.index.peek(key);
    return (await this.hot.keeps(key)) || (!!entry && !entry.invalid);
  }

  async invalidate(tags: string[], at: number, mark: Mark = 'invalid'): Promise<void> {
    await this.hot.invalidate(tags, at, mark);
    for (const entry of this.index.withTags(tags)) if (entry.meta.renderedAt <= at) entry[mark] = true;
  }

  invalidatedSince(tags: string[], since: number) {
    return this.hot.invalidatedSince(tags, since);
  }

  /** The pages on disk: every page kept is there. */
  size() {
    return Promise.resolve(this.index.size());
  }

  async close() {
    await this.hot.close();
    this.index.clear();
    await rm(this.folder, { recursive: true, force: true });
  }
}
