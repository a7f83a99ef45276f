import {
  articleHref,
  fetchArchiveYear,
  fetchArchiveYears,
  fetchArticleSummaries,
  pageAddress,
  routeAt,
} from '@blog/shared';
import { log } from './log';
import type { PageCache, Rendered } from './page-cache';
import { withReadDeadline, type PageTarget } from './render/page';
import { TAG, outdatesOnly, outdatesWhenKeptAhead } from './tags';

/** A page's render, as the pages' route renders it: the pre-renderer's one call of it. */
export type RenderTarget = (target: PageTarget, signal: AbortSignal) => Promise<Rendered>;

/** A page to keep, with the tags of its own that a change of makes it rendered again (`tags.ts`). */
export interface ListedPage extends PageTarget {
  tags: string[];
}

/** The pages to keep, and whether all of them could be read (a failed read leaves some out). */
export interface Listing {
  targets: ListedPage[];
  complete: boolean;
}

/** The page a link of the site opens (`/Articles?title=…`), at the address its route keeps it under. */
export function targetOf(href: string, tags: string[]): ListedPage {
  const url = new URL(href, 'http://site');
  const route = routeAt(url.pathname);
  if (!route) throw new Error(`${href} is no page of the site`);
  return { address: pageAddress(route.path, route.section, url.searchParams), section: route.section, tags };
}

/** How long each of the listing's reads may take: at 20,000 articles a year is over a thousand titles, and a busy CMS slow. */
const LISTING_READ_TIMEOUT_MS = 30_000;

/** `read` within its own deadline, with the server's token; its value, and whether it failed. */
const listingRead = <T>(cmsHeaders: Record<string, string>, read: () => Promise<T>) =>
  withReadDeadline(new AbortController().signal, { timeoutMs: LISTING_READ_TIMEOUT_MS, headers: cmsHeaders }, read);

/**
 * The long tail to keep, read as the sitemap reads it: the list's pages, the newsletter archive
 * and each of its years, then every published article, newest first. One year at a time, each
 * read with a deadline of its own: a year that fails leaves the listing incomplete, not empty.
 */
export async function siteListing(cmsHeaders: Record<string, string>): Promise<Listing> {
  const first = await listingRead(cmsHeaders, () =>
    Promise.all([fetchArticleSummaries({ search: '', page: 1 }), fetchArchiveYears()]),
  );
  const [summaries, years] = first.value;
  let complete = !first.readFailed;
  const articles: ListedPage[] = [];
  for (const year of years) {
    const { value, readFailed } = await listingRead(cmsHeaders, () => fetchArchiveYear(year));
    if (readFailed) complete = false;
    for (const { documentId, title_article: title } of value)
      articles.push(targetOf(articleHref(title), [TAG.article(documentId), TAG.comments(title)]));
  }
  const listPages = summaries?.meta.pagination.pageCount ?? 1;
  const lists = [
    '/Articles',
    ...Array.from({ length: listPages - 1 }, (_, at) => `/Articles?page=${at + 2}`),
    '/New-letter',
    ...years.map((year) => `/New-letter?year=${year}`),
  ].map((href) => targetOf(href, [TAG.articles]));
  return { targets: [...lists, ...articles], complete };
}

/** After a listing that failed, how many pauses until it is read again (5 s by default). */
const LIST_AGAIN_PAUSES = 100;

/** After renders that could not be kept (the CMS slow or down), how many pauses until they are tried again (30 s by default). */
const RENDER_AGAIN_PAUSES = 600;

/** Whether a change may have added or removed pages to keep (an article published or deleted, the whole site). */
const changesListing = (tags: string[]) => tags.includes(TAG.articles) || tags.includes(TAG.site);

export interface PrerendererOptions {
  cache: Pick<PageCache, 'keeps' | 'serve' | 'refresh' | 'visitorRenders'>;
  /** The page cache's key of an address (`pageKey` with the shell's build). */
  keyOf: (address: string) => string;
  list: () => Promise<Listing>;
  render: RenderTarget;
  /** How many pages it renders at once. */
  renders: number;
  /** Whether the store has room for another page: a store too small for the site is filled, not churned. */
  room: () => Promise<boolean>;
  /** How long it waits before looking again whether visitors' renders are over, or retrying a listing that failed. */
  pauseMs?: number;
  /**
   * How old a page it keeps may get before it renders it again unasked: before the page is past
   * its time, so that readers and crawlers never start that render. None: never.
   */
  refreshAfterMs?: number;
}

/**
 * Keeps the site's long tail before anyone asks for it: walks every page `list` names and renders
 * each the cache does not keep (`keeps`), through the cache as a visitor's render would be (no
 * visitor: it counts against no client's limit). At most `renders` at once, and none started while
 * a visitor waits on a render. A change (`changed`) starts the walk again once the pages under way
 * are done: the listed pages it touched (by their own tags, or all for `site`), rendered again
 * while the cache answers their stale copy; then, where it dropped pages (a section's new build),
 * every page not kept. One that may add or remove articles lists them again first. Changes
 * arriving during a walk make one more walk, not one each. With `refreshAfterMs`, a walk every
 * sixth of it renders again each page kept that long: before its time in the cache is out, so
 * that no reader's or crawler's request starts that render.
 */
export class Prerenderer {
  private readonly stopping = new AbortController();
  /** The renders under way, ended by `stop`. */
  private readonly running = new Set<AbortController>();
  private targets: ListedPage[] = [];
  /**
   * The listed pages by each tag of their own: a change finds those it touched without looking at
   * every page listed (20,000 articles' for each of ten votes a second).
   */
  private targetsByTag = new Map<string, ListedPage[]>();
  /** The pages a change touched, by address, rendered again first. */
  private readonly touched = new Map<string, ListedPage>();
  private relist = true;
  /** Whether every listed page is to be checked, not only those touched: after a listing, or a change that dropped pages. */
  private sweep = true;
  private again = false;
  private walking: Promise<void> | undefined;
  private readonly pauseMs: number;
  private listed = new Set<string>();
  /** When each listed page was last kept, as it walked. */
  private readonly keptAt = new Map<string, number>();
  private refreshing: NodeJS.Timeout | undefined;

  constructor(private readonly options: PrerendererOptions) {
    this.pauseMs = options.pauseMs ?? 50;
  }

  /** Starts the first walk, and where pages are to be rendered again before their time, a walk every eighth of it. */
  start(): void {
    this.wake();
    const { refreshAfterMs } = this.options;
    if (refreshAfterMs)
      this.refreshing = setInterval(() => {
        this.sweep = true;
        this.again = true;
        this.wake();
      }, refreshAfterMs / 6).unref();
  }

  /** Whether it keeps the page at `address` ahead: one the site lists. */
  keepsAhead(address: string): boolean {
    return this.listed.has(address);
  }

  /** A change of `tags` was reported, and its pages dropped: the walk starts again. */
  changed(tags: string[]): void {
    if (changesListing(tags)) this.relist = true;
    if (!tags.every(outdatesWhenKeptAhead)) this.sweep = true;
    const own = new Set(tags.filter((tag) => !outdatesOnly(tag)));
    const touched = own.has(TAG.site) ? this.targets : [...own].flatMap((tag) => this.targetsByTag.get(tag) ?? []);
    for (const target of touched) this.touched.set(target.address, target);
    this.again = true;
    this.wake();
  }

  /** Ends the walk: the renders under way are abandoned, and waited for. */
  async stop(): Promise<void> {
    const reason = new Error('The render server stops');
    clearInterval(this.refreshing);
    this.stopping.abort(reason);
    for (const controller of this.running) controller.abort(reason);
    await this.walking;
  }

  /** Resolves when no walk runs (one that is to start again has). */
  idle(): Promise<void> {
    return this.walking ?? Promise.resolve();
  }

  private wake() {
    if (this.walking || this.stopping.signal.aborted) return;
    this.walking = this.walkWhileAsked().finally(() => {
      this.walking = undefined;
    });
  }

  private async walkWhileAsked() {
    do {
      this.again = false;
      if (this.relist) await this.readListing();
      await this.walk();
    } while (this.again && !this.stopping.signal.aborted);
  }

  private async readListing() {
    this.relist = false;
    this.sweep = true;
    try {
      const listing = await this.options.list();
      if (listing.complete) this.targets = listing.targets;
      else {
        // A listing with a failed read adds what it read to what was listed before, and is read again in a moment.
        log.warn('The pages to pre-render could not all be listed: listed again in a moment');
        const listed = new Set(listing.targets.map(({ address }) => address));
        this.targets = [...listing.targets, ...this.targets.filter(({ address }) => !listed.has(address))];
        this.relist = true;
        this.later(LIST_AGAIN_PAUSES);
      }
      const listed = new Set(this.targets.map(({ address }) => address));
      this.listed = listed;
      this.targetsByTag = new Map();
      for (const target of this.targets)
        for (const tag of target.tags) {
          const tagged = this.targetsByTag.get(tag);
          if (tagged) tagged.push(target);
          else this.targetsByTag.set(tag, [target]);
        }
      for (const address of this.touched.keys()) if (!listed.has(address)) this.touched.delete(address);
      for (const address of this.keptAt.keys()) if (!listed.has(address)) this.keptAt.delete(address);
    } catch (error) {
      log.error({ err: error }, 'The pages to pre-render could not be listed');
      this.relist = true;
      this.later(LIST_AGAIN_PAUSES);
    }
  }

  /** Walks again in `pauses` pauses, or once more after the walk then under way. */
  private later(pauses: number) {
    setTimeout(() => {
      this.again = true;
      this.wake();
    }, this.pauseMs * pauses).unref();
  }

  /** Renders every listed page not kept, `renders` at a time, until done, stopped or a change asks for another walk. */
  private async walk() {
    const started = performance.now();
    // A change that only left pages stale needs them alone rendered again: no check of the others.
    const sweeping = this.sweep;
    this.sweep = false;
    const order = [...this.touched.values(), ...(sweeping ? this.targets : [])];
    let next = 0;
    let rendered = 0;
    let missed = 0;
    let full = false;
    const worker = async () => {
      while (next < order.length && !full && !this.again && !this.stopping.signal.aborted) {
        const target = order[next++];
        const done = await this.keep(target);
        if (done === 'full') full = true;
        else if (done === 'rendered') rendered += 1;
        else if (done === 'missed') missed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.renders) }, worker));
    if (sweeping && next < order.length) this.sweep = true;
    if (missed > 0) {
      // Rendered while the CMS or a section failed, and not kept: tried again in a while, not at once.
      log.warn(`${missed} pages could not be pre-rendered: tried again in a while`);
      this.sweep = true;
      this.later(RENDER_AGAIN_PAUSES);
    }
    if (full)
      log.warn(
        `The page store is full: pre-rendering stopped at page ${next} of ${order.length} (set BLOG_CACHE_DIR, or raise its bound)`,
      );
    if (rendered > 0)
      log.info(
        `Pre-rendered ${rendered} of ${this.targets.length} pages in ${Math.round(performance.now() - started)} ms`,
      );
  }

  /** Whether the page at `address`, kept, is to be rendered again before its time is out. */
  private aging(address: string): boolean {
    const { refreshAfterMs } = this.options;
    const keptAt = this.keptAt.get(address);
    if (keptAt === undefined) this.keptAt.set(address, Date.now());
    return !!refreshAfterMs && keptAt !== undefined && Date.now() - keptAt >= refreshAfterMs;
  }

  /**
   * Renders `target` if a change touched it, it is not kept, or it was kept long enough to be
   * rendered again: whether it was kept already, rendered and kept, not kept, or the store has no
   * room for it. A page it finds kept (by a visitor's render, or another server's) counts as kept then.
   */
  private async keep(target: ListedPage): Promise<'kept' | 'rendered' | 'missed' | 'full'> {
    const { cache, keyOf, render, room } = this.options;
    const key = keyOf(target.address);
    const touched = this.touched.delete(target.address);
    const kept = await cache.keeps(key);
    if (kept && !touched && !this.aging(target.address)) return 'kept';
    if (!kept && !(await room())) return 'full';
    // A visitor never waits behind it: it starts nothing while one waits on a render.
    while (cache.visitorRenders() > 0 && !this.stopping.signal.aborted) await this.pause();
    if (this.stopping.signal.aborted) {
      if (touched) this.touched.set(target.address, target);
      return 'missed';
    }
    let started = Date.now();
    const renderIt = (signal: AbortSignal) => {
      // The page's age counts from when its render starts reading, not from the wait before it.
      started = Date.now();
      // Ended by the cache (its deadline) or by `stop`; not `AbortSignal.any` with the long-lived
      // stop signal, which would hold a reference to every render's signal it ever made.
      const controller = new AbortController();
      signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
      this.running.add(controller);
      return render(target, controller.signal).finally(() => this.running.delete(controller));
    };
    try {
      // Its stale copy is answered meanwhile; one no longer kept is rendered as a visitor's would be.
      if (kept) await cache.refresh(key, renderIt);
      else await cache.serve(key, renderIt);
    } catch (error) {
      if (!this.stopping.signal.aborted) log.warn({ err: error }, `${target.address} could not be pre-rendered`);
    }
    // A degraded render is answered but not kept (a stale page stays stale): it is rendered again later.
    if (await cache.keeps(key)) {
      this.keptAt.set(target.address, started);
      return 'rendered';
    }
    if (touched) this.touched.set(target.address, target);
    return 'missed';
  }

  private pause() {
    return new Promise((resolve) => setTimeout(resolve, this.pauseMs));
  }
}
