/**
 * Which kept entries carry each tag: a change finds the pages it touched without looking at every
 * page kept. Looking at all 20,000 articles' pages for each report took a third of the answering
 * thread under ten votes a second (docs/code/benchmarks.md). Hand-written: it is two maps, and
 * what it indexes (an LRU cache's entries) says when one goes.
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

  clear(): void {
    this.keysByTag.clear();
    this.tagsByKey.clear();
  }
}
