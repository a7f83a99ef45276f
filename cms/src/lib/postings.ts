/**
 * The documents holding one key, each with its weight: pairs of numbers in one typed array, in the
 * order of the documents' numbers, with room to grow. A `Map` of them took 40 bytes a pair and was
 * most of the search index's memory (128 MB of 264 at 20,000 articles); this takes 8 to 12, and a
 * key held by a few documents stays in V8's heap (a typed array of 64 bytes at most is kept there).
 */
export class PostingList {
  // Document, weight, document, weight…: one array rather than two halves the arrays a key costs.
  private pairs = new Int32Array(2);
  private count = 0;

  /** How many documents hold the key. */
  get size(): number {
    return this.count;
  }

  /** A document's weight, if it holds the key. */
  get(document: number): number | undefined {
    const at = this.find(document);
    return at < this.count && this.pairs[2 * at] === document ? this.pairs[2 * at + 1] : undefined;
  }

  set(document: number, weight: number): void {
    const at = this.find(document);
    if (at === this.count || this.pairs[2 * at] !== document) {
      if (2 * this.count === this.pairs.length) this.grow();
      this.pairs.copyWithin(2 * at + 2, 2 * at, 2 * this.count);
      this.pairs[2 * at] = document;
      this.count += 1;
    }
    this.pairs[2 * at + 1] = weight;
  }

  delete(document: number): boolean {
    const at = this.find(document);
    if (at === this.count || this.pairs[2 * at] !== document) return false;
    this.pairs.copyWithin(2 * at, 2 * at + 2, 2 * this.count);
    this.count -= 1;
    return true;
  }

  /** The documents holding the key, in order. */
  *keys(): Generator<number> {
    for (let at = 0; at < this.count; at += 1) yield this.pairs[2 * at];
  }

  /** Each document and its weight, in order (no pair made for each, as an iterator would). */
  forEach(each: (document: number, weight: number) => void): void {
    for (let at = 0; at < this.count; at += 1) each(this.pairs[2 * at], this.pairs[2 * at + 1]);
  }

  /** Where `document` is, or would go: a binary search of the documents. */
  private find(document: number): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.pairs[2 * middle] < document) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  // By half as much again: a list read whole from the database wastes a sixth on average, not a quarter.
  private grow(): void {
    const pairs = new Int32Array(2 * Math.ceil(this.count * 1.5));
    pairs.set(this.pairs);
    this.pairs = pairs;
  }
}
