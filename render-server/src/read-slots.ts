/** Memory lent for one page's bytes, until `release`. */
export interface Lease {
  bytes: Buffer;
  release: () => void;
}

/**
 * Memory for pages read from disk, lent a slot at a time for as long as the one answer it is read
 * for takes, then lent again. A page read into a buffer of its own cost the collector more than the
 * read: the buffers lived until a full collection, and at 9,600 random articles a second their
 * 130 MB/s brought one on every half second, each pausing the answering thread for 2–37 ms
 * (docs/code/benchmarks.md). Written here: fixed slots and a free list are a few lines, and when
 * a slot is free again only the route that sends the answer knows.
 */
export class ReadSlots {
  private memory?: Buffer;
  private readonly free: number[];

  constructor(
    private readonly slotBytes: number,
    private readonly slots: number,
  ) {
    this.free = Array.from({ length: slots }, (_, slot) => slots - 1 - slot);
  }

  /** `bytes` of a free slot; none when they do not fit in one, or every slot is lent. */
  lease(bytes: number): Lease | undefined {
    const slot = bytes <= this.slotBytes ? this.free.pop() : undefined;
    if (slot === undefined) return undefined;
    // Taken from the OS at the first read: a render server with no pages on disk never lends.
    this.memory ??= Buffer.allocUnsafeSlow(this.slotBytes * this.slots);
    const start = slot * this.slotBytes;
    let released = false;
    return {
      bytes: this.memory.subarray(start, start + bytes),
      release: () => {
        if (released) return;
        released = true;
        this.free.push(slot);
      },
    };
  }
}
