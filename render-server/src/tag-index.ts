import { LRUCache } from 'lru-cache';

/**
 * Which keys carry each tag: a change finds the pages it touched without looking at every page
 * kept. Looking at all 20,000 articles' pages for each report took a third of the answering
 * thread under ten votes a second (docs/code/benchmarks.md). Hand-written: it is two maps.
 */
export class TagIndex {
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly tagsByKey = new Map<string, readonly string[]>();

  /** `key` now carries `tags`, and only those. */
  set(key: string, tags: readonly string[]): void {
    this.delete(key);
    this.tagsByKey.set(key, tags);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.keysByTag.set(tag, new Set([key]));
    }
  }

  delete(key: string): void {
    const tags = this.tagsByKey.get(key);
    if (!tags) return;
    this.tagsByKey.delete(key);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** The keys that carry one of `tags`, each once. */
  keysOf(tags: Iterable<string>): Set<string> {
    const found = new Set<string>();
    for (const tag of tags) for (const key of this.keysByTag.get(tag) ?? []) found.add(key);
    return found;
  }
}

/** What a `TaggedCache` is made with: its bound in bytes, each entry's size and tags, and what goes with an entry dropped or replaced. */
export interface TaggedCacheOptions<Value> {
  maxBytes: number;
  bytesOf: (value: Value) => number;
  tagsOf: (value: Value) => readonly string[];
  dispose?: (value: Value) => void;
}

/**
 * Entries kept by key, the least recently used dropped past `maxBytes` (lru-cache), each found by
 * its tags too: the page stores' one way of keeping pages, the index kept in step with the cache.
 */
export class TaggedCache<Value extends object> {
  private readonly index = new TagIndex();
  private readonly entries: LRUCache<string, Value>;

  constructor(private readonly options: TaggedCacheOptions<Value>) {
    this.entries = new LRUCache<string, Value>({
      maxSize: options.maxBytes,
      sizeCalculation: options.bytesOf,
      dispose: (value, key, reason) => {
        options.dispose?.(value);
        // One kept again has its tags set by `set`.
        if (reason !== 'set') this.index.delete(key);
      },
    });
  }

  /** The entry at `key`, now the most recently used. */
  get(key: string): Value | undefined {
    return this.entries.get(key);
  }

  /** The entry at `key`, its place kept. */
  peek(key: string): Value | undefined {
    return this.entries.peek(key);
  }

  set(key: string, value: Value): void {
    this.index.set(key, this.options.tagsOf(value));
    this.entries.set(key, value);
    // Too large to be kept: not kept, nor indexed.
    if (!this.entries.has(key)) this.index.delete(key);
  }

  /** The entries that carry one of `tags`, their places kept. */
  *withTags(tags: Iterable<string>): Generator<Value> {
    for (const key of this.index.keysOf(tags)) {
      const value = this.entries.peek(key);
      if (value) yield value;
    }
  }

  /** How many bytes the entries take and may take, and how many there are. */
  size() {
    return { bytes: this.entries.calculatedSize, maxBytes: this.entries.maxSize, pages: this.entries.size };
  }

  clear(): void {
    this.entries.clear();
  }
}
