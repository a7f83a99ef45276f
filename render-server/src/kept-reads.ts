import { LRUCache } from 'lru-cache';
import { keptReadHits, queryOf } from './metrics';
import { changedSince, type PageStore } from './page-cache';
import { tagsOfSharedRead } from './tags';

/** A CMS's answer kept for the pages that share it: as JSON text, so that no page can change another's copy. */
interface KeptRead {
  json: string;
  tags: string[];
  /** When its read began: a change after that is not in it. */
  readAt: number;
}

/** Bytes a kept read holds, with room for its bookkeeping. */
const keptBytes = ({ json, tags }: KeptRead) =>
  Buffer.byteLength(json) + tags.reduce((sum, tag) => sum + tag.length, 0) + 256;

/** Where the answers many pages share are kept: as JSON text, so that no page can change another's copy. */
export interface SharedAnswers {
  /** The kept answer at `url`, while nothing it shows changed since it was read. */
  kept(url: string): Promise<string | undefined>;
  /** Keeps `json`, the answer at `url` read at `readAt`, unless something it shows changed since. */
  keep(url: string, json: string, readAt: number): Promise<void> | void;
}

/** How a page reads what many pages share: `read`, or its answer kept in `answers`. */
export interface SharedReads {
  read<T>(url: string, read: () => Promise<T>): Promise<T>;
}

/**
 * How pages read what many pages share: the answer kept in `answers`, else read and kept there.
 * The pages that ask while that read is on its way wait for it, then take what it kept: after a
 * change or an expiry, every page rendering at that moment would otherwise read the same answer
 * of the CMS for itself. A page reads for itself when nothing was kept (the read failed, or what
 * it shows changed meanwhile).
 */
export class ReadsOnce implements SharedReads {
  private readonly underWay = new Map<string, Promise<unknown>>();

  constructor(
    private readonly answers: SharedAnswers,
    private readonly now: () => number = Date.now,
  ) {}

  async read<T>(url: string, read: () => Promise<T>): Promise<T> {
    if (!tagsOfSharedRead(url)) return read();
    const kept = await this.answers.kept(url);
    if (kept !== undefined) return JSON.parse(kept) as T;
    const another = this.underWay.get(url);
    if (another) {
      await another.catch(() => undefined);
      const keptSince = await this.answers.kept(url);
      return keptSince === undefined ? read() : (JSON.parse(keptSince) as T);
    }
    const readAt = this.now();
    const reading = read().then(async (value) => {
      await this.answers.keep(url, JSON.stringify(value), readAt);
      return value;
    });
    this.underWay.set(url, reading);
    try {
      return await reading;
    } finally {
      if (this.underWay.get(url) === reading) this.underWay.delete(url);
    }
  }
}

/**
 * The answers of the CMS's reads that many pages share (`tagsOfSharedRead`: the footer's, the
 * sidebar's), read once and kept, so that a page not kept costs the CMS only the reads that are
 * its own. Kept for `ttlMs` at most, the least recently used dropped past `maxBytes`. The same
 * changes that drop pages drop them (`drop`); and since a change may have been reported to another
 * render server sharing the page store, a kept read is served only while the store's record of
 * changes (`invalidatedSince`) names none of its tags since it was read.
 */
export class KeptReads implements SharedAnswers, SharedReads {
  private readonly reads: LRUCache<string, KeptRead>;
  private readonly once: ReadsOnce;

  constructor(
    private readonly changes: Pick<PageStore, 'invalidatedSince'>,
    maxBytes: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.reads = new LRUCache<string, KeptRead>({ maxSize: maxBytes, sizeCalculation: keptBytes });
    this.once = new ReadsOnce(this, now);
  }

  /** The answer at `url`: kept if many pages share it and nothing it shows changed since, else `read`'s (kept when shared). */
  read<T>(url: string, read: () => Promise<T>): Promise<T> {
    return this.once.read(url, read);
  }

  /** The kept answer at `url`, as JSON, while nothing it shows changed since it was read. */
  async kept(url: string): Promise<string | undefined> {
    const kept = this.reads.get(url);
    if (!kept || !(await this.current(kept))) return undefined;
    keptReadHits.inc({ query: queryOf(url) });
    return kept.json;
  }

  /** Keeps `json`, the answer at `url` read at `readAt`, if many pages share it and nothing it shows changed since. */
  async keep(url: string, json: string, readAt: number): Promise<void> {
    const tags = tagsOfSharedRead(url);
    // A change that arrived while it was read may not be in it: the page has it, nothing else does.
    if (tags && !(await changedSince(this.changes, tags, readAt))) this.reads.set(url, { json, tags, readAt });
  }

  /** Drops every kept read with one of `tags` read at or before `at` (when they changed). */
  drop(tags: string[], at: number): void {
    const changed = new Set(tags);
    const stale = [...this.reads.entries()].filter(
      ([, kept]) => kept.readAt <= at && kept.tags.some((tag) => changed.has(tag)),
    );
    for (const [url] of stale) this.reads.delete(url);
  }

  private async current(kept: KeptRead): Promise<boolean> {
    return this.now() - kept.readAt < this.ttlMs && !(await changedSince(this.changes, kept.tags, kept.readAt));
  }
}
