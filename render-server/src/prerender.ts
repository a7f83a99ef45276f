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
import { TAG } from './tags';

/** A page's render, as the pages' route renders it: the pre-renderer's one call of it. */
export type RenderTarget = (target: PageTarget, signal: AbortSignal) => Promise<Rendered>;

/** The pages to keep, and whether all of them could be read (a failed read leaves some out). */
export interface Listing {
  targets: PageTarget[];
  complete: boolean;
}

/** The page a link of the site opens (`/Articles?title=…`), at the address its route keeps it under. */
export function targetOf(href: string): PageTarget {
  const url = new URL(href, 'http://site');
  const route = routeAt(url.pathname);
  if (!route) throw new Error(`${href} is no page of the site`);
  return { address: pageAddress(route.path, route.section, url.searchParams), section: route.section };
}

/** How long the listing's reads may take: at 20,000 articles a year is a few thousand titles. */
const LISTING_TIMEOUT_MS = 30_000;

/**
 * The long tail to keep, read as the sitemap reads it: the list's pages, the newsletter archive
 * and each of its years, then every published article, newest first.
 */
export async function siteListing(cmsHeaders: Record<string, string>): Promise<Listing> {
  const { value, readFailed } = await withReadDeadline(
    new AbortController().signal,
    { timeoutMs: LISTING_TIMEOUT_MS, headers: cmsHeaders },
    async () => {
      const [first, years] = await Promise.all([fetchArticleSummaries({ search: '', page: 1 }), fetchArchiveYears()]);
      const articles = await Promise.all(years.map((year) => fetchArchiveYear(year)));
      return { listPages: first?.meta.pagination.pageCount ?? 1, years, articles: articles.flat() };
    },
  );
  const hrefs = [
    '/Articles',
    ...Array.from({ length: value.listPages - 1 }, (_, at) => `/Articles?page=${at + 2}`),
    '/New-letter',
    ...value.years.map((year) => `/New-letter?year=${year}`),
    ...value.articles.map((article) => articleHref(article.title_article)),
  ];
  return { targets: hrefs.map(targetOf), complete: !readFailed };
}

/** Whether a change may have added or removed pages to keep (an article published or deleted, the whole site). */
const changesListing = (tags: string[]) => tags.includes(TAG.articles) || tags.includes(TAG.site);

export interface PrerendererOptions {
  cache: Pick<PageCache, 'peek' | 'serve' | 'visitorRenders'>;
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
}

/**
 * Keeps the site's long tail before anyone asks for it: walks every page `list` names and renders
 * each the cache does not keep (`peek`), through the cache as a visitor's render would be (no
 * visitor: it counts against no client's limit). At most `renders` at once, and none started while
 * a visitor waits on a render. A change (`changed`) starts the walk again once the page it is on is
 * done, so the pages it dropped are rendered again; one that may add or remove articles lists them
 * again first. Changes arriving during a walk make one more walk, not one each.
 */
export class Prerenderer {
  private readonly stopping = new AbortController();
  private targets: PageTarget[] = [];
  private relist = true;
  private again = false;
  private walking: Promise<void> | undefined;
  private readonly pauseMs: number;

  constructor(private readonly options: PrerendererOptions) {
    this.pauseMs = options.pauseMs ?? 50;
  }

  /** Starts the first walk. */
  start(): void {
    this.wake();
  }

  /** A change of `tags` was reported, and its pages dropped: the walk starts again. */
  changed(tags: string[]): void {
    if (changesListing(tags)) this.relist = true;
    this.again = true;
    this.wake();
  }

  /** Ends the walk: the renders under way are abandoned, and waited for. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('The render server stops'));
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
    try {
      const listing = await this.options.list();
      // A listing with a failed read is used as far as it goes, and read again on the next walk.
      if (!listing.complete) {
        log.warn('The pages to pre-render could not all be listed: listed again in a moment');
        this.retryListing();
      }
      if (listing.targets.length > 0 || listing.complete) this.targets = listing.targets;
    } catch (error) {
      log.error({ err: error }, 'The pages to pre-render could not be listed');
      this.retryListing();
    }
  }

  private retryListing() {
    this.relist = true;
    setTimeout(() => this.wake(), this.pauseMs * 100).unref();
  }

  /** Renders every listed page not kept, `renders` at a time, until done, stopped or a change asks for another walk. */
  private async walk() {
    const started = performance.now();
    let next = 0;
    let rendered = 0;
    let full = false;
    const worker = async () => {
      while (next < this.targets.length && !full && !this.again && !this.stopping.signal.aborted) {
        const target = this.targets[next++];
        const kept = await this.keep(target);
        if (kept === 'full') full = true;
        else if (kept) rendered += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.renders) }, worker));
    if (full)
      log.warn(
        `The page store is full: pre-rendering stopped at page ${next} of ${this.targets.length} (set BLOG_CACHE_DIR, or raise its bound)`,
      );
    if (rendered > 0)
      log.info(
        `Pre-rendered ${rendered} of ${this.targets.length} pages in ${Math.round(performance.now() - started)} ms`,
      );
  }

  /** Renders `target` unless it is kept; whether it did, or that the store has no room for it. */
  private async keep(target: PageTarget): Promise<boolean | 'full'> {
    const { cache, keyOf, render, room } = this.options;
    const key = keyOf(target.address);
    if (await cache.peek(key)) return false;
    if (!(await room())) return 'full';
    // A visitor never waits behind it: it starts nothing while one waits on a render.
    while (cache.visitorRenders() > 0 && !this.stopping.signal.aborted) await this.pause();
    if (this.stopping.signal.aborted) return false;
    try {
      const stopping = this.stopping.signal;
      await cache.serve(key, (signal) => render(target, AbortSignal.any([signal, stopping])));
      return true;
    } catch (error) {
      if (!this.stopping.signal.aborted) log.warn({ err: error }, `${target.address} could not be pre-rendered`);
      return false;
    }
  }

  private pause() {
    return new Promise((resolve) => setTimeout(resolve, this.pauseMs));
  }
}
