import { createHash } from 'node:crypto';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { log } from './log';
import { backgroundRefreshes } from './metrics';
import type { RenderedPart, SharedParts } from './shared-parts';
import { TaggedCache } from './tag-index';
import type { CmsReads } from './timing';

/** A page as the render server answers it: HTML, or the sitemap and the feed. */
export interface Rendered {
  status: number;
  type: string;
  body: string;
  /** What it was rendered from (`tags.ts`). */
  tags: string[];
  /** Rendered while a read or a section failed: shown to the visitor who waited, never kept as good. */
  degraded: boolean;
  /** Good, but for this address only and not worth keeping (the not-found page names the address asked for). */
  transient?: boolean;
  /**
   * A search, or an address whose parameters name nothing (an unknown title, a page past the last):
   * kept apart from the site's pages (`long-tail.ts`), so that no number of them can push those out.
   */
  longTail?: boolean;
  /** The parts many pages show alike that it shows (`shared-parts.ts`): kept to be written into the others. */
  parts?: RenderedPart[];
  /** Its bytes as kept, when they were made where it was rendered (`preparedBody`), off the thread that answers. */
  prepared?: PreparedBody;
  /**
   * Its reads of the CMS, for the `Server-Timing` of the request it was rendered for: carried with
   * the page, not in an `AsyncLocalStorage`, which once used slows every promise of the thread that
   * answers (Node 20's promise hooks), kept pages' answers included.
   */
  cms?: CmsReads;
}

/** A page's bytes as they are answered: as they are, gzipped, and their tag for conditional requests. */
export interface PreparedBody {
  bytes: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The tag of a page's bytes, for conditional requests. */
export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * A page's bytes, gzipped at zlib's default level, or at its fastest for a page of the long tail
 * (`Rendered.longTail`): a search is mostly answered once, and zipping at the default level was a
 * sixth of the render thread's time in bench:mix, where most renders are new searches.
 */
export function preparedBody(body: string, { longTail = false } = {}): PreparedBody {
  const bytes = Buffer.from(body);
  const gzip = gzipSync(bytes, longTail ? { level: constants.Z_BEST_SPEED } : {});
  return { bytes, gzip, etag: etagOf(bytes) };
}

/** A page ready to be answered again and again: its bytes, gzipped once, and what names it. */
export interface CachedPage {
  status: number;
  type: string;
  /** Its bytes, kept beside its gzip while it is kept in memory as rendered; none once read back from disk (`pageBody`). */
  body?: Buffer;
  gzip: Buffer;
  etag: string;
  tags: string[];
  /** When its reads began: a change after that is not in it. */
  renderedAt: number;
}

/**
 * A kept page. An invalid one showed something that changed since, and stands in only while no
 * good render can be had; a stale one is answered while it is rendered again. One whose parts are
 * stale showed what changed only in a part many pages share (the footer's newest titles, the
 * sidebar): it is answered while the part as it is now is written into it, or while it is rendered
 * again where that part has not been rendered since.
 */
export interface StoredPage {
  page: CachedPage;
  invalid: boolean;
  stale?: boolean;
  partsStale?: boolean;
}

/** What a change makes of the pages that showed it: `invalid` (rendered again for the next visitor), `stale` or `partsStale`. */
export type Mark = 'invalid' | 'stale' | 'partsStale';

/**
 * Memory for a page's `bytes` (exactly so many), valid until the one answer it is read for has
 * been sent; none when there is none to lend, and the store allocates its own.
 */
export type Lend = (bytes: number) => Buffer | undefined;

/** Where pages are kept: in the process (`MemoryPageStore`) or in Redis, shared by every render server. */
export interface PageStore {
  /** The page kept at `key`; a store that reads its bytes may read them into memory `lend` gives. */
  get(key: string, lend?: Lend): Promise<StoredPage | undefined>;
  set(key: string, stored: StoredPage): Promise<void>;
  /** Marks every page with one of `tags` rendered at or before `at` (`invalid` unless told), and remembers when they changed. */
  invalidate(tags: string[], at: number, mark?: Mark): Promise<void>;
  /** Whether one of `tags` was invalidated at or after `since`. */
  invalidatedSince(tags: string[], since: number): Promise<boolean>;
  /** Whether a good page is kept at `key`, told without reading it where the store can. */
  keeps?(key: string): Promise<boolean>;
  /** How many bytes the kept pages take and may take, when the store knows. */
  size(): Promise<{ bytes: number; maxBytes: number; pages: number } | undefined>;
  close(): Promise<void>;
}

/**
 * Whether the store's record of changes names one of `tags` since `since`; when it cannot be read,
 * as if it had: what is kept apart from pages (a read, a part) is then not trusted.
 */
export const changedSince = (changes: Pick<PageStore, 'invalidatedSince'>, tags: string[], since: number) =>
  changes.invalidatedSince(tags, since).catch(() => true);

export function cachedPage({ status, type, body, tags, prepared, longTail }: Rendered, renderedAt: number): CachedPage {
  const { bytes, gzip, etag } = prepared ?? preparedBody(body, { longTail });
  return { status, type, body: bytes, gzip, etag, tags, renderedAt };
}

/**
 * A kept page's bytes, unzipped when it holds its gzip alone: for the few clients that take no
 * gzip. Browsers and CDNs take the gzip, and a page read back from disk is answered without
 * unzipping it (a quarter of the answering thread's time went to that, for random articles).
 */
export const pageBody = (page: CachedPage): Buffer => page.body ?? gunzipSync(page.gzip);

/**
 * A page as the long tail keeps it: its gzip alone, unzipped for the few who take no gzip
 * (`pageBody`). A search's page is 71 KB, 14 KB zipped: the same room keeps five times as many.
 */
const zippedOnly = (page: CachedPage): CachedPage => ({ ...page, body: undefined });

/** Bytes a kept page holds, with room for its bookkeeping. */
export const pageBytes = ({ body, gzip, tags }: CachedPage) =>
  (body?.length ?? 0) + gzip.length + tags.reduce((sum, tag) => sum + tag.length, 0) + 256;

/** How long a change is remembered: longer than any render takes, so a render that read before it is never kept as good. */
const REMEMBER_CHANGES_MS = 60_000;

/** Pages kept in the render server's own memory, the least recently used dropped past `maxBytes`. */
export class MemoryPageStore implements PageStore {
  private readonly pages: TaggedCache<StoredPage>;
  private readonly changedAt = new Map<string, number>();

  constructor(maxBytes: number) {
    this.pages = new TaggedCache<StoredPage>({
      maxBytes,
      bytesOf: ({ page }) => pageBytes(page),
      tagsOf: ({ page }) => page.tags,
    });
  }

  get(key: string) {
    return Promise.resolve(this.pages.get(key));
  }

  set(key: string, stored: StoredPage) {
    this.pages.set(key, stored);
    return Promise.resolve();
  }

  keeps(key: string) {
    const stored = this.pages.peek(key);
    return Promise.resolve(!!stored && !stored.invalid);
  }

  invalidate(tags: string[], at: number, mark: Mark = 'invalid') {
    for (const tag of tags) this.changedAt.set(tag, Math.max(at, this.changedAt.get(tag) ?? -Infinity));
    for (const [tag, when] of this.changedAt) if (when < at - REMEMBER_CHANGES_MS) this.changedAt.delete(tag);
    // Marked where it lies: an invalid page keeps its place as the last good copy.
    for (const stored of this.pages.withTags(tags)) if (stored.page.renderedAt <= at) stored[mark] = true;
    return Promise.resolve();
  }

  invalidatedSince(tags: string[], since: number) {
    return Promise.resolve(tags.some((tag) => (this.changedAt.get(tag) ?? -Infinity) >= since));
  }

  size() {
    return Promise.resolve(this.pages.size());
  }

  close() {
    this.pages.clear();
    return Promise.resolve();
  }
}

/**
 * How a page was answered: kept and fresh; kept and past its time (rendered again meanwhile);
 * rendered now; the last good copy of a page that could not be rendered well now; or rendered
 * badly with no copy kept.
 */
export type Outcome = 'hit' | 'stale' | 'miss' | 'fallback' | 'degraded';

/**
 * How soon after the last page had its shared parts written in the next may (`PageCache`), one at
 * a time: 20 pages a second. A publish leaves every article's page to be written, and written as
 * fast as a render thread went, the writes took the answering thread's cores from it: 5,837 pages
 * a second under bench:mix right after a publish against 8,565 before it. A page waiting its turn
 * is answered as it is, its parts as they were; the more a page is asked for, the sooner it finds
 * a turn.
 */
const PARTS_WRITTEN_EVERY_MS = 50;

/**
 * How long after a render in the background of a page the next one of it may start. A page changed
 * again and again (its comments voted on ten times a second) is rendered about once a second, not
 * once a vote, and each change still shows within that second and the render's time.
 */
const RENDER_AGAIN_AFTER_MS = 1_000;

/** A kept page and the store it is kept in. */
interface Located {
  stored: StoredPage;
  store: PageStore;
}

interface Flight {
  done: Promise<{ page: CachedPage; degraded: boolean }>;
  controller: AbortController;
  /** Visitors waiting for it; when the last has gone, it is abandoned. A render in the background has none and is never abandoned. */
  waiting: number;
  background: boolean;
}

export type Render = (signal: AbortSignal) => Promise<Rendered>;

/** Whether this visitor may start a render now; refused, in how many seconds they may again. */
export type Admission = () => Promise<{ retryAfterSeconds: number } | undefined>;

/** A render took longer than the cache allows one: it was abandoned, and its visitors told so. */
export class RenderTimedOut extends Error {
  constructor(key: string, ms: number) {
    super(`Rendering ${key} took over ${ms} ms`);
  }
}

/** The render a visitor waits on, given up when `signal` aborts even if `render` never looks at it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    if (signal.aborted) stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** A render was not started: its visitor started too many of late. */
export class RenderRefused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many renders asked; try again in ${retryAfterSeconds} s`);
  }
}

/**
 * Pages rendered once and answered many times. A fresh kept page is answered as it is; one past
 * `ttlMs` is answered while it is rendered again in the background. A page invalidated by a change
 * (or never kept) is rendered for the visitor, once however many ask at the same time. A page
 * rendered while its reads or sections failed is never kept: the last good copy is answered
 * instead while there is one. Searches and addresses that name nothing are kept in `longTail`, a
 * small store of their own, where they push out only each other. A render has `renderTimeoutMs`
 * in all: past it, its visitors get the last good copy or `RenderTimedOut`, never a wait without end.
 * A change of a tag `outdatesOnly` names leaves its pages stale, not invalid: answered at once and
 * rendered again in the background, as a page past its time is. At most `backgroundRenders` run
 * in the background at once: past their time or outdated by a publish, thousands of kept pages
 * are asked for by readers and crawlers, and rendering each at once took the render threads from
 * the visitors waiting on one. A stale page asked for meanwhile is answered as it is, and rendered
 * again when a later request finds room. With `parts`, a change that only the parts many pages
 * share show (`SharedParts.refreshes`) renders none of them: each page is answered as it is while
 * the parts as the next render brought them are written into it, with no read and no render.
 */
export class PageCache {
  private readonly flights = new Map<string, Flight>();
  /** When the last render in the background of each page started (or is to start). */
  private readonly backgroundStarts = new Map<string, number>();
  /** Whether a page's parts are being written in anew. */
  private writingParts = false;
  /** When the last page began to have its parts written in. */
  private partsWrittenAt = -Infinity;
  private readonly changeListeners: ((tags: string[]) => void)[] = [];

  constructor(
    readonly store: PageStore,
    /** How long a page is answered as it is: the same for every page, or by its key. */
    private readonly ttlMs: number | ((key: string) => number),
    private readonly now: () => number = Date.now,
    private readonly longTail?: PageStore,
    private readonly renderTimeoutMs = 10_000,
    private readonly outdatesOnly: (tag: string) => boolean = () => false,
    private readonly backgroundRenders = Infinity,
    private readonly parts?: SharedParts,
  ) {}

  /** How many renders visitors are waiting on now: work in the background gives way to them. */
  visitorRenders(): number {
    let waited = 0;
    for (const flight of this.flights.values()) if (flight.waiting > 0) waited += 1;
    return waited;
  }

  /** How many renders run in the background, for no visitor. */
  private inBackground(): number {
    let running = 0;
    for (const flight of this.flights.values()) if (flight.background) running += 1;
    return running;
  }

  /** Tells `listener` the tags of each change once its pages are dropped (`invalidate`). */
  onInvalidate(listener: (tags: string[]) => void): void {
    this.changeListeners.push(listener);
  }

  /** A good kept page, fresh or not, with no render: what a HEAD request or a bot's check is answered from. */
  async peek(key: string): Promise<CachedPage | undefined> {
    const stored = await this.stored(key);
    return stored && !stored.invalid ? stored.page : undefined;
  }

  /** Whether a good page is kept at `key`, fresh or not: what work in the background skips. */
  async keeps(key: string): Promise<boolean> {
    try {
      return this.store.keeps ? await this.store.keeps(key) : (await this.stored(key))?.invalid === false;
    } catch {
      return false;
    }
  }

  /**
   * Renders the page at `key` again and keeps it, whatever is kept meanwhile; a render under way is
   * joined, and one that started less than `RENDER_AGAIN_AFTER_MS` ago is waited for first.
   */
  async refresh(key: string, render: Render): Promise<void> {
    const wait = this.flights.has(key) ? 0 : this.untilBackgroundRender(key);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await (this.flights.get(key) ?? this.start(key, render, true)).done;
  }

  /**
   * The page at `key`: kept, or rendered for `visitor`. A render this visitor would start is first
   * `admit`ted; refused, they get the last good copy, or `RenderRefused` when there is none.
   */
  async serve(
    key: string,
    render: Render,
    visitor?: AbortSignal,
    admit?: Admission,
    lend?: Lend,
  ): Promise<{ page: CachedPage; outcome: Outcome }> {
    const located = await this.located(key, lend);
    const stored = located?.stored;
    if (located && stored && !stored.invalid) {
      const ttlMs = typeof this.ttlMs === 'number' ? this.ttlMs : this.ttlMs(key);
      const current = !stored.stale && this.now() - stored.page.renderedAt < ttlMs;
      if (current && !stored.partsStale) return { page: stored.page, outcome: 'hit' };
      if (current && this.parts) void this.refreshParts(key, located, render);
      else this.renderInBackground(key, render);
      return { page: stored.page, outcome: 'stale' };
    }
    const refused = admit && !this.flights.has(key) ? await admit() : undefined;
    // Refused, a visitor may still join a render someone else started meanwhile.
    if (refused && !this.flights.has(key)) {
      if (stored) return { page: stored.page, outcome: 'fallback' };
      throw new RenderRefused(refused.retryAfterSeconds);
    }
    let rendered: { page: CachedPage; degraded: boolean };
    try {
      rendered = await this.join(key, render, visitor);
    } catch (error) {
      if (!stored) throw error;
      log.error({ err: error }, `Rendering ${key} failed: its last good copy is answered`);
      return { page: stored.page, outcome: 'fallback' };
    }
    if (!rendered.degraded) return { page: rendered.page, outcome: 'miss' };
    return stored ? { page: stored.page, outcome: 'fallback' } : { page: rendered.page, outcome: 'degraded' };
  }

  /**
   * Renders the page at `key` again in the background, unless it is under way, its last started
   * less than `RENDER_AGAIN_AFTER_MS` ago, or the renders in the background are too many.
   */
  private renderInBackground(key: string, render: Render) {
    // Too soon after the last: a later request renders it, and its change shows then.
    if (this.flights.has(key) || this.untilBackgroundRender(key) > 0) return;
    if (this.inBackground() < this.backgroundRenders) this.start(key, render, true).done.catch(() => undefined);
  }

  /**
   * Writes the shared parts as they are now into the page kept at `key`, and keeps it: marked by
   * the changes of its own since it was rendered, and of its parts' since they were. Where a part
   * has not been rendered since it changed, the page is rendered again instead.
   */
  private async refreshParts(key: string, { stored, store }: Located, render: Render) {
    if (!this.parts || this.writingParts || this.flights.has(key)) return;
    if (this.now() - this.partsWrittenAt < PARTS_WRITTEN_EVERY_MS) return;
    this.writingParts = true;
    this.partsWrittenAt = this.now();
    try {
      // Its bytes may be lent for the answer alone (`Lend`), and be another page's before they are unzipped.
      const copied = { ...stored.page, gzip: Buffer.from(stored.page.gzip) };
      const reassembled = await this.parts.reassemble(key, copied);
      if (!reassembled) return this.renderInBackground(key, render);
      const { page, partsReadAt } = reassembled;
      const parts = this.parts;
      const own = page.tags.filter((tag) => !parts.refreshes(tag));
      const shared = page.tags.filter((tag) => parts.refreshes(tag));
      await store.set(key, {
        page,
        invalid: false,
        ...(await this.changedSince(own, page.renderedAt)),
        ...((await store.invalidatedSince(shared, partsReadAt)) && { partsStale: true }),
      });
      backgroundRefreshes.inc({ how: 'parts' });
    } catch (error) {
      log.error({ err: error }, `The shared parts of ${key} could not be refreshed`);
    } finally {
      this.writingParts = false;
    }
  }

  /** Drops every page that showed one of `tags`, rendered before they changed (`at`, by default now). */
  async invalidate(tags: string[], at = this.now()): Promise<void> {
    this.parts?.drop(tags, at);
    const stores = this.longTail ? [this.store, this.longTail] : [this.store];
    const marks = this.byMark(tags).filter(([marked]) => marked.length > 0);
    await Promise.all(stores.flatMap((store) => marks.map(([marked, mark]) => store.invalidate(marked, at, mark))));
    // Renders on their way read what was there before. Where a change drops pages, whoever asks
    // next starts a new one. Where it leaves them stale, a render on its way is joined, as the
    // stale copy would be answered, and kept marked stale: ten votes a second forgot every render
    // under way ten times a second, and each visitor after them started the same render again.
    if (marks.some(([, mark]) => mark === 'invalid')) this.flights.clear();
    for (const listener of this.changeListeners) listener(tags);
  }

  /** `tags` by what their change makes of a page, the worst first. */
  private byMark(tags: string[]): [string[], Mark][] {
    const apart = (tag: string) => this.parts?.refreshes(tag) ?? false;
    return [
      [tags.filter((tag) => !this.outdatesOnly(tag)), 'invalid'],
      [tags.filter((tag) => this.outdatesOnly(tag) && !apart(tag)), 'stale'],
      [tags.filter((tag) => this.outdatesOnly(tag) && apart(tag)), 'partsStale'],
    ];
  }

  /** What changes of `tags` since `since` make of a page: the worst mark, or none. */
  private async changedSince(tags: string[], since: number): Promise<Partial<Record<Mark, true>>> {
    for (const [marked, mark] of this.byMark(tags))
      if (await this.store.invalidatedSince(marked, since)) return { [mark]: true };
    return {};
  }

  private async stored(key: string): Promise<StoredPage | undefined> {
    return (await this.located(key))?.stored;
  }

  /** The page kept at `key`, and the store it is kept in; its bytes in memory `lend` gives, where the store reads them. */
  private async located(key: string, lend?: Lend): Promise<Located | undefined> {
    try {
      const kept = await this.store.get(key, lend);
      if (kept && !kept.invalid) return { stored: kept, store: this.store };
      // An address can move between the two: an unknown title is published, a known one deleted.
      const inLongTail = await this.fromLongTail(key);
      if (this.longTail && inLongTail && (!inLongTail.invalid || !kept))
        return { stored: inLongTail, store: this.longTail };
      return kept && { stored: kept, store: this.store };
    } catch (error) {
      log.error({ err: error }, `The page cache could not be read for ${key}`);
      return undefined;
    }
  }

  /**
   * A page of the long tail, which is this process's own: a change reported to another render
   * server sharing the store is in the store's record of changes, and makes it invalid here too.
   */
  private async fromLongTail(key: string): Promise<StoredPage | undefined> {
    const stored = await this.longTail?.get(key);
    if (!stored || stored.invalid) return stored;
    return { ...stored, ...(await this.changedSince(stored.page.tags, stored.page.renderedAt)) };
  }

  private join(key: string, render: Render, visitor?: AbortSignal) {
    const flight = this.flights.get(key) ?? this.start(key, render, false);
    if (visitor && !flight.background) {
      flight.waiting += 1;
      visitor.addEventListener(
        'abort',
        () => {
          flight.waiting -= 1;
          if (flight.waiting === 0) flight.controller.abort(new Error(`Nobody waits for ${key} any more`));
        },
        { once: true },
      );
    }
    return flight.done;
  }

  private start(key: string, render: Render, background: boolean): Flight {
    if (background) backgroundRefreshes.inc({ how: 'render' });
    const renderedAt = this.now();
    if (background) this.noteBackgroundStart(key, renderedAt);
    const controller = new AbortController();
    const deadline = setTimeout(
      () => controller.abort(new RenderTimedOut(key, this.renderTimeoutMs)),
      this.renderTimeoutMs,
    );
    const done = (async () => {
      const rendered = await untilAborted(render(controller.signal), controller.signal);
      const page = cachedPage(rendered, renderedAt);
      if (!rendered.degraded) await this.parts?.learn(key, rendered.parts ?? [], renderedAt);
      if (!rendered.degraded && !rendered.transient) {
        const store = (rendered.longTail && this.longTail) || this.store;
        await this.keep(store, key, store === this.longTail ? zippedOnly(page) : page);
        if (store !== this.store) await this.dropFromSite(key);
      }
      return { page, degraded: rendered.degraded };
    })();
    const flight: Flight = { done, controller, waiting: 0, background };
    this.flights.set(key, flight);
    const land = () => {
      clearTimeout(deadline);
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    done.then(land, land);
    return flight;
  }

  /** How long until a render in the background of `key` may start: `RENDER_AGAIN_AFTER_MS` after the last one's start. */
  private untilBackgroundRender(key: string): number {
    return Math.max(0, (this.backgroundStarts.get(key) ?? -Infinity) + RENDER_AGAIN_AFTER_MS - this.now());
  }

  private noteBackgroundStart(key: string, at: number) {
    // Only the starts of the last second matter: the others are forgotten once they are many.
    if (this.backgroundStarts.size >= 1_000)
      for (const [other, started] of this.backgroundStarts)
        if (started + RENDER_AGAIN_AFTER_MS <= at) this.backgroundStarts.delete(other);
    this.backgroundStarts.set(key, at);
  }

  /**
   * An address that now names nothing (an article deleted) and is kept with the long tail: a stale
   * copy among the site's pages is no longer its page, and stands in only while no good one can be had.
   */
  private async dropFromSite(key: string) {
    try {
      const kept = await this.store.get(key);
      if (kept && !kept.invalid) await this.store.set(key, { ...kept, invalid: true });
    } catch (error) {
      log.error({ err: error }, `The page cache could not drop ${key}`);
    }
  }

  private async keep(store: PageStore, key: string, page: CachedPage) {
    try {
      // A change that arrived while it rendered is not in it: kept, but only as a stand-in (or stale).
      await store.set(key, { page, invalid: false, ...(await this.changedSince(page.tags, page.renderedAt)) });
    } catch (error) {
      log.error({ err: error }, `The page cache could not keep ${key}`);
    }
  }
}
