import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import {
  SERVER_STATE_ID,
  articleHref,
  createQueryClient,
  provideServerReads,
  sectionAt,
  serializeState,
  siteConfig,
  type PageHead,
  type PageRequest,
  type Section,
  type ServerReads,
  type ServerState,
  type ShellServerEntry,
} from '@blog/shared';
import type { RemoteModuleId, SectionLoader, SectionModule } from '@blog/shared/federation';
import { dehydrate } from '@blog/shared/query';
import { SpanKind } from '@opentelemetry/api';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from '@blog/shared/router';
import { ROOT, type DocumentTemplate } from './document';
import { escapeHtml, headTags } from './head';
import { startScriptsTag } from './page-scripts';
import type { SharedReads } from '../kept-reads';
import type { Rendered } from '../page-cache';
import { previewBanner, type PreviewShown } from '../preview';
import type { PageSections } from '../sections/page-sections';
import type { ServerSections } from '../sections/server-sections';
import { isLongTail } from '../long-tail';
import { renderedParts } from '../shared-parts';
import { TAG, tagsOfReads } from '../tags';
import { log } from '../log';
import { queryOf } from '../metrics';
import { observeRead, observeSectionLoad } from './observed';
import type { CmsReads } from '../timing';
import { inSpan, traceHeaders } from '../tracing';

export interface PageContext {
  template: DocumentTemplate;
  /** The shell's server entry, loaded from its server build (`shell/server-shell.ts`). */
  shell: ShellServerEntry;
  sections: ServerSections;
  /** The site's public address (`BLOG_SITE_URL`). */
  siteUrl: string;
  /** How long a page's reads may take, all together. */
  readTimeoutMs: number;
  /** What every read of the CMS carries: the render servers' own token. */
  cmsHeaders: Record<string, string>;
  /** A preview's page: drafts read as it says, a banner above it; this browser's alone, never kept. */
  preview?: PagePreview;
  /** The answers many pages share, read once for them all. */
  keptReads?: SharedReads;
}

export interface PagePreview extends PreviewShown {
  /** How each of the page's reads is made, when not as the public's. */
  read?: (url: string) => { url: string; headers: Record<string, string> };
}

// Each page's reads, wherever in the page (and in whichever section's copy of the client) they are made.
const pageReads = new AsyncLocalStorage<ServerReads>();
provideServerReads(() => pageReads.getStore());

/**
 * Runs `work`, whose reads of the CMS end when `signal` aborts or `timeoutMs` has passed: what it
 * read by then is what it has. Each read carries `headers` (the render servers' token), and is
 * made as `prepare` says (a preview's); one many pages share is answered from `kept` when it holds
 * it, except in a preview, whose reads are its own. Says whether any read failed, and what the
 * reads of the CMS took (those answered from `kept` are not).
 */
export async function withReadDeadline<T>(
  signal: AbortSignal,
  {
    timeoutMs,
    headers,
    prepare,
    kept,
  }: { timeoutMs: number; headers: Record<string, string>; prepare?: ServerReads['prepare']; kept?: SharedReads },
  work: () => Promise<T>,
): Promise<{ value: T; readFailed: boolean; cms: CmsReads }> {
  // Held here, not through AbortSignal.any and AbortSignal.timeout: a timeout signal only the
  // combined one refers to can be collected before it fires, and the reads never end.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException(`The reads took over ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  const stop = () => deadline.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  let readFailed = false;
  const cms: CmsReads = { ms: 0, reads: 0 };
  const reads: ServerReads = {
    signal: deadline.signal,
    failed: (url, error) => {
      readFailed = true;
      // Nobody's failure when nobody waits for the page any more.
      if (signal.aborted) return;
      const query = queryOf(url);
      log.warn({ err: error, query }, `Reading ${query} failed: the page shows it empty, not kept`);
    },
    prepare,
    // Each read of the CMS timed, by query and for the page's `Server-Timing`, in a span the CMS's own join.
    observe(url, read) {
      const query = queryOf(url);
      const fromCms = () =>
        inSpan(
          `cms read ${query}`,
          { 'url.full': url, 'blog.cms.query': query },
          async () => {
            const started = performance.now();
            let result = 'failed';
            try {
              const value = await read({ ...headers, ...traceHeaders() });
              result = 'ok';
              return value;
            } finally {
              const ms = performance.now() - started;
              observeRead(query, result, ms);
              cms.ms += ms;
              cms.reads += 1;
            }
          },
          SpanKind.CLIENT,
        );
      return kept && !prepare ? kept.read(url, fromCms) : fromCms();
    },
  };
  try {
    const value = await pageReads.run(reads, work);
    signal.throwIfAborted();
    return { value, readFailed, cms };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

/** The page's own address: the article's for an article, wherever it is read; the section's own path otherwise. */
function canonicalPath(url: URL, head: PageHead): string {
  if (head.article) return articleHref(head.title);
  return `${sectionAt(url.pathname)?.paths[0] ?? url.pathname}${url.search}`;
}

/** React's HTML for `element`, once all of it is ready; whether a part of it failed (and is left to the browser). */
function renderHtml(element: ReactElement, signal: AbortSignal): Promise<{ html: string; partFailed: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let partFailed = false;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
    });
    sink.on('finish', () => resolve({ html: Buffer.concat(chunks).toString(), partFailed }));
    const stream = renderToPipeableStream(element, {
      // Every part inline, in reading order: React 19 would otherwise move a large part behind a
      // script, and the page must read whole without JavaScript (it is sent only when all is ready).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error) {
        partFailed = true;
        log.error({ err: error }, 'Rendering a section failed: the browser renders it');
      },
    });
    signal.addEventListener(
      'abort',
      () => {
        stream.abort(signal.reason);
        // Every abort here gives its reason as an Error: the deadline's, or the visitor's leaving.
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/** What the server renders: a route's page at its address (path and the parameters it reads), or the not-found page. */
export interface PageTarget {
  address: string;
  section: Section | undefined;
}

/** One page as it renders: its address, its reads, and the sections' modules it renders or failed to. */
class PageRender {
  readonly url: URL;
  readonly request: PageRequest;
  readonly reads = createQueryClient();
  readonly sections: PageSections;
  readonly rendered = new Map<RemoteModuleId, SectionModule>();
  readonly failed = new Set<RemoteModuleId>();

  constructor(
    readonly target: PageTarget,
    context: PageContext,
  ) {
    this.sections = context.sections.page();
    this.url = new URL(target.address, context.siteUrl);
    this.request = { pathname: this.url.pathname, searchParams: this.url.searchParams };
  }

  /** A section left to the browser: the page renders its fallback, and the browser tries it again. */
  fail(id: RemoteModuleId, what: string, error: unknown): void {
    log.error({ err: error }, `The ${id} section ${what} on the server`);
    this.rendered.delete(id);
    this.failed.add(id);
  }

  /** A section's module, rendered from here on; none when it cannot be loaded. */
  async load(id: RemoteModuleId): Promise<SectionModule | undefined> {
    try {
      const module = await inSpan('section load', { 'blog.section': id }, () => this.sections.load(id));
      observeSectionLoad(id, 'loaded');
      this.rendered.set(id, module);
      return module;
    } catch (error) {
      observeSectionLoad(id, 'failed');
      this.fail(id, 'could not be loaded', error);
      return undefined;
    }
  }

  /** The pages of the sections still rendered, the most specific first: the article the newsletter shows names the page. */
  pages() {
    return [...this.rendered].reverse().flatMap(([id, module]) => (module.page ? [{ id, page: module.page }] : []));
  }
}

/**
 * The route's section and the sections it shows, loaded, then their reads and the footer's, within
 * the page's deadline. Says whether a read failed, whether a section's loading of its reads did,
 * and what its reads of the CMS took.
 */
async function loadWithinDeadline(
  page: PageRender,
  context: PageContext,
  signal: AbortSignal,
): Promise<{ readFailed: boolean; loadFailed: boolean; cms: CmsReads }> {
  const { section } = page.target;
  let loadFailed = false;
  const { readFailed, cms } = await withReadDeadline(
    signal,
    {
      timeoutMs: context.readTimeoutMs,
      headers: context.cmsHeaders,
      prepare: context.preview?.read,
      kept: context.keptReads,
    },
    async () => {
      const main = section && (await page.load(section.module));
      let shown: RemoteModuleId[] = [];
      try {
        shown = main?.page?.remotes?.(page.request) ?? [];
      } catch (error) {
        if (section) page.fail(section.module, 'could not say what it shows', error);
      }
      await Promise.all(shown.map((id) => page.load(id)));
      await Promise.all([
        context.shell.loadFooter(page.reads),
        ...page.pages().map(({ id, page: sectionPage }) =>
          sectionPage.load(page.request, page.reads).catch((error: unknown) => {
            // Rendered with what it has, as when a read fails.
            log.error({ err: error }, `The ${id} section could not load ${page.url.pathname} on the server`);
            loadFailed = true;
          }),
        ),
      ]);
    },
  );
  return { readFailed, loadFailed, cms };
}

/** The page's head, from the first section that describes it; a section that throws is rendered as failed. */
function describePage(page: PageRender): PageHead {
  let head: PageHead | undefined;
  for (const { id, page: sectionPage } of page.pages()) {
    try {
      head ??= sectionPage.head?.(page.request, page.reads);
    } catch (error) {
      page.fail(id, 'could not describe its page', error);
    }
  }
  return head ?? { title: page.target.section?.title ?? 'Page not found' };
}

/** What the browser hydrates with: the reads, the sections rendered and failed, and where their builds are. */
function serverState(page: PageRender): ServerState {
  return {
    reads: dehydrate(page.reads),
    modules: [...page.rendered.keys()],
    failed: [...page.failed],
    remotes: page.sections.manifests(),
  };
}

/** The tags of the page's head, with the stylesheets of the sections rendered. */
function pageHeadTags(page: PageRender, head: PageHead, siteUrl: string): string {
  const { section } = page.target;
  return headTags({
    head,
    canonical: `${siteUrl}${canonicalPath(page.url, head)}`,
    siteUrl,
    home: section?.module === 'mf_articles/Home',
    notFound: !section,
    stylesheets: [...page.rendered.keys()].flatMap((id) => page.sections.stylesheets(id)),
    preconnect: [new URL(siteConfig().mediaUrl).origin],
  });
}

/** React's HTML of the page: the shell, with the sections loaded for it, at the page's address. */
function renderApp(page: PageRender, { Root }: ShellServerEntry, signal: AbortSignal) {
  const { sections, rendered, failed } = page;
  const loader: SectionLoader = {
    load: (id) => sections.load(id),
    peek: (id) => rendered.get(id),
    failedOnServer: (id) => failed.has(id),
  };
  return renderHtml(
    <Root
      reads={page.reads}
      loader={loader}
      router={(app) => <StaticRouter location={page.target.address}>{app}</StaticRouter>}
    />,
    signal,
  );
}

/** The shell's document around the rendered page: its head, a preview's banner, the state and the scripts. */
function pageDocument(
  page: PageRender,
  { template, preview }: PageContext,
  { title, headHtml, html, state }: { title: string; headHtml: string; html: string; state: ServerState },
): string {
  const scripts = startScriptsTag({
    // The sections' scripts are fetched with the shell's rather than after them.
    preloads: [
      ...new Set([
        ...template.scripts.preloads,
        ...[...page.rendered.keys()].flatMap((id) => page.sections.scripts(id)),
      ]),
    ],
    entries: template.scripts.entries,
  });
  const beforeApp = preview
    ? template.beforeApp.replace(ROOT, (root) => `${previewBanner(title, preview, escapeHtml)}${root}`)
    : template.beforeApp;
  return (
    `${template.beforeHead}    ${headHtml}\n  ${beforeApp}${html}</div>\n` +
    `    <script id="${SERVER_STATE_ID}" type="application/json">${serializeState(state)}</script>\n` +
    `    ${scripts}${template.afterApp}`
  );
}

/**
 * The tags of the sections whose code the page shows (or tried to): another release of one of them
 * renders it anew. With what it read, they are its tags in the page cache.
 */
function sectionTags(page: PageRender): string[] {
  const { section } = page.target;
  return [
    ...new Set(
      [...(section ? [section.module] : []), ...page.rendered.keys(), ...page.failed].map((id) =>
        TAG.section(id.split('/')[0]),
      ),
    ),
  ];
}

/**
 * One page: the route's section (and the sections it shows) loaded from their server builds,
 * their reads loaded within the deadline, then the document with its head, the rendered page and
 * the reads for hydration. A section that cannot be loaded, or whose page declarations throw,
 * renders its fallback in place; with the CMS down or late the views render empty (spec §8). Either
 * way the page is degraded: answered, never kept as good.
 */
export async function renderPage(target: PageTarget, context: PageContext, signal: AbortSignal): Promise<Rendered> {
  const page = new PageRender(target, context);
  const { readFailed, loadFailed, cms } = await loadWithinDeadline(page, context, signal);
  const head = describePage(page);
  // Taken before React renders: what the render itself loads is in neither the state nor the head.
  const state = serverState(page);
  const headHtml = pageHeadTags(page, head, context.siteUrl);
  const { html, partFailed } = await renderApp(page, context.shell, signal);
  const sections = sectionTags(page);
  return {
    status: target.section ? 200 : 404,
    type: 'text/html; charset=utf-8',
    body: pageDocument(page, context, { title: head.title, headHtml, html, state }),
    tags: [...tagsOfReads(page.reads), ...sections],
    parts: renderedParts(html, state, sections),
    longTail: isLongTail(page.url, page.reads),
    degraded: readFailed || loadFailed || page.failed.size > 0 || partFailed,
    cms,
  };
}
