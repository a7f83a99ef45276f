import { readFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import {
  fetchArchiveYear,
  fetchArchiveYears,
  fetchArticleSummaries,
  pageAddress,
  routeAt,
  siteConfig,
} from '@blog/shared';
import compression from 'compression';
import sirv from 'sirv';
import { canaryAnswerHeaders, canaryVisit } from './canary';
import { clientOf, type Counters } from './counters';
import type { DocumentTemplate } from './document';
import { robotsTxt, rssXml, sitemapXml } from './feeds';
import { MEDIA_PATH, mediaAnswer, mediaRequestHeaders } from './media';
import type { ServerOptions } from './options';
import {
  RenderRefused,
  type Admission,
  type CachedPage,
  type Outcome,
  type PageCache,
  type Render,
} from './page-cache';
import {
  PREVIEW_CMS_PATH,
  PREVIEW_EXIT_PATH,
  PREVIEW_PATH,
  PREVIEW_COOKIE,
  PREVIEW_SECONDS,
  isSecret,
  previewCookie,
  previewCookieOf,
  previewOf,
  previewRead,
  type Preview,
} from './preview';
import { PreviewBuildsBusy, type PreviewBuilds } from './preview-builds';
import {
  SECTIONS_COOKIE,
  SECTIONS_PREVIEW_PATH,
  allowedOrigins,
  overridesAsked,
  sectionsCookie,
  sectionsOf,
  type SectionOverrides,
} from './section-preview';
import { renderPage, withReadDeadline, type PageContext, type PageTarget } from './render';
import { NONCE_WINDOW_MS, SIGNATURE_HEADER, isSignatureHeader, readReport, verifySignature } from './revalidate';
import { TAG } from './tags';
import { TILES_PATH, TileReadsExhausted, tileAnswer, tileAt, type TileCache } from './tiles';

// Hashed files never change; everything else (the config, `remotes.json`) is asked again.
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

/** A name, an IPv4 address or a bracketed IPv6 one, with an optional port: anything else is not a Host. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Where a changed page is reported (`POST`, signed by the CMS). */
export const REVALIDATE_PATH = '/_revalidate';

/** The largest report of changes read: a report names at most a few hundred changes. */
const MAX_REPORT_BYTES = 64 * 1024;

/** How long a report's body may take to arrive. */
const REPORT_DEADLINE_MS = 5_000;

/**
 * What no path of the site holds once decoded: a query or fragment of its own (`%3F`, `%23`), a
 * percent sign (an address encoded twice), a backslash, a control character. An address that
 * decodes to one means something else to every server behind this one, and to the page cache.
 */
const NOT_IN_A_PATH = /[?#%\\\p{Cc}]/u;

/** What a request asks for: its path decoded and normalized (what is checked is what is served) and its query. */
export function requestTarget(url: string): { pathname: string; search: string } | undefined {
  // A proxy's absolute form: its host names no link either.
  if (/^https?:\/\//i.test(url)) {
    const absolute = URL.canParse(url) ? new URL(url) : undefined;
    return absolute && requestTarget(`${absolute.pathname}${absolute.search}`);
  }
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!rawPath.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (NOT_IN_A_PATH.test(decoded)) return undefined;
  return { pathname: path.posix.normalize(decoded), search: queryAt < 0 ? '' : url.slice(queryAt) };
}

/**
 * The address of `pathname` (decoded) on another server, each segment encoded again, when it is
 * still under `under` there; undefined when it is not. What the other server decodes is what was checked.
 */
export function addressUnder(origin: string, under: string, pathname: string, search: string): string | undefined {
  const encoded = pathname.split('/').map(encodeURIComponent).join('/');
  const url = new URL(`${origin}${encoded}${search}`);
  return url.pathname.startsWith(new URL(`${origin}${under}`).pathname) ? url.href : undefined;
}

async function everyArticle() {
  const years = await fetchArchiveYears();
  return (await Promise.all(years.map(fetchArchiveYear))).flat();
}

/** The body, when it is at most `limit` bytes and arrives within `deadlineMs`; otherwise the status that says why not. */
async function readBody(
  req: IncomingMessage,
  limit: number,
  deadlineMs: number,
): Promise<{ text: string } | { refused: 408 | 413 }> {
  if (Number(req.headers['content-length']) > limit) return { refused: 413 };
  const chunks: Buffer[] = [];
  let size = 0;
  const deadline = setTimeout(() => req.destroy(new Error('too slow')), deadlineMs);
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return { refused: 413 };
      chunks.push(chunk);
    }
    return { text: Buffer.concat(chunks).toString() };
  } catch {
    return { refused: 408 };
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * Asks the CDN in front to drop what the render server dropped: `POST {"tags":[…]}`, as Cloudflare's
 * purge by tag takes it, with the tags in `Xkey-Purge` too, as the project's Varnish takes them.
 */
async function purgeCdn({ url, authorization }: { url: string; authorization: string | undefined }, tags: string[]) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Xkey-Purge': tags.join(' '),
        ...(authorization ? { Authorization: authorization } : {}),
      },
      body: JSON.stringify({ tags }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
  } catch (error) {
    console.error(`The CDN at ${url} was not asked to drop ${tags.join(' ')}:`, error);
  }
}

/** Aborted when the visitor leaves before their answer is sent: the render for them stops. */
function visitorOf(res: ServerResponse): AbortSignal {
  const visitor = new AbortController();
  res.on('close', () => res.writableFinished || visitor.abort(new Error('The visitor left')));
  return visitor.signal;
}

/** What `work` gives; nothing when it failed because the visitor it was for left (nobody's failure). */
const forVisitor = <T>(work: Promise<T>, visitor: AbortSignal): Promise<T | undefined> =>
  work.catch((error: unknown) => {
    if (visitor.aborted) return undefined;
    throw error;
  });

export interface SiteContext extends Omit<PageContext, 'siteUrl' | 'readTimeoutMs' | 'preview'> {
  cache: PageCache;
  /** The document of a preview's page: its browser reads the CMS through this server. */
  previewTemplate: DocumentTemplate;
  /** The render servers of the sections' builds that browsers preview; none where previews are off. */
  previewBuilds?: PreviewBuilds;
  /** The render servers of the sections' canaries (`canary.ts`); none in a server that renders builds for another. */
  canaryBuilds?: PreviewBuilds;
  /** Whether the site answers the CMS's uploads (`MEDIA_PATH`) on its own origin (`mediaOnSite`). */
  mediaFromCms?: boolean;
  /** The tile server's tiles, answered on the site's origin (`tilesOnSite`); none where the tiles are on it already. */
  tiles?: TileCache;
  /** What limits count (renders per client, reports' nonces): in memory, or in Redis shared by the render servers. */
  counters: Counters;
}

/** What `forward` sends back for the other server's answer. */
export interface ForwardedAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  /** Whether the other server's body follows. */
  body: boolean;
}

/** How long after logging that the tile server failed the next failures go unlogged. */
const TILE_FAILURE_LOG_MS = 60_000;

/** How long the CMS may take to begin answering an upload. */
const MEDIA_TIMEOUT_MS = 30_000;

/**
 * Sends a request on to `url` and its answer back as it comes, as `answered` makes it; `failed`
 * answers (or ends the connection) when the other server cannot be reached.
 */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  {
    headers,
    answered,
    failed,
    timeoutMs,
  }: {
    headers: http.OutgoingHttpHeaders;
    answered: (answer: IncomingMessage) => ForwardedAnswer;
    failed: (error: Error) => void;
    timeoutMs?: number;
  },
): Promise<void> {
  const visitor = visitorOf(res);
  return new Promise<void>((resolve) => {
    const request = url.startsWith('https:') ? https.request : http.request;
    const upstream = request(url, { method: req.method, headers, timeout: timeoutMs }, (answer) => {
      const { status, headers: answerHeaders, body } = answered(answer);
      res.writeHead(status, answerHeaders);
      if (body) answer.pipe(res);
      else {
        res.end();
        upstream.destroy();
      }
    });
    upstream.on('timeout', () => upstream.destroy(new Error(`${url} did not answer in time`)));
    upstream.on('error', (error) => {
      // A request ended because its visitor left is nobody's failure.
      if (visitor.aborted) return resolve();
      if (!res.headersSent) failed(error);
      else res.destroy();
      resolve();
    });
    res.on('close', () => {
      upstream.destroy();
      resolve();
    });
    upstream.end();
  });
}

/**
 * Answers the site: its pages (kept in the page cache, dropped when the CMS reports a change),
 * the sitemap and the feed likewise, robots.txt, the shell's own files, the health check and the
 * CMS's reports of changes. Links are built from `BLOG_SITE_URL` only, never from the request.
 */
export function siteHandler(
  options: ServerOptions,
  { cache, previewTemplate, previewBuilds, canaryBuilds, mediaFromCms, tiles, counters, ...context }: SiteContext,
) {
  const { siteUrl } = options;
  const pageContext: PageContext = { ...context, siteUrl, readTimeoutMs: options.readTimeoutMs };
  const secure = siteUrl.startsWith('https:');
  // Pages are framed by the site itself only; a preview also by the admin panel, on the CMS's origin.
  const frameAncestors = `frame-ancestors 'self'`;
  const previewFrameAncestors = `${frameAncestors} ${new URL(siteConfig().cmsUrl).origin}`;
  const gzip = compression();
  const files = sirv(options.dist, {
    // Looked up on every request: an edited `config.js` or `remotes.json` is served at once.
    dev: true,
    etag: true,
    // The build's Brotli copies (`*.br`), to browsers that take them; the rest is gzipped as it goes.
    brotli: true,
    // A file is served by its own name only: `/index` is not the build's `index.html`.
    extensions: [],
    setHeaders: (res, pathname) =>
      res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });

  const plain = (res: ServerResponse, status: number, body: string, cacheControl = 'no-store') => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Cache-Control', cacheControl);
    res.end(body);
  };

  const tooMany = (res: ServerResponse, retryAfterSeconds: number, what: string) => {
    res.setHeader('Retry-After', String(retryAfterSeconds));
    plain(res, 429, `Too Many Requests: ${what}; try again in ${retryAfterSeconds} s`);
  };

  const clientOfRequest = (req: IncomingMessage) =>
    clientOf(req.socket.remoteAddress, String(req.headers['x-forwarded-for'] ?? ''), options.proxyHops);

  /** Whether this request's client may start another render this minute. */
  const admission =
    (req: IncomingMessage): Admission =>
    async () => {
      const { count, resetInMs } = await counters.add(`render:${clientOfRequest(req)}`, 60_000);
      return count > options.rendersPerClient ? { retryAfterSeconds: Math.ceil(resetInMs / 1000) } : undefined;
    };

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, outcome: Outcome) {
    // Only a good render of a page is for others to keep: a degraded page, a changed page's last
    // copy or the not-found page is this visitor's.
    const good = (outcome === 'hit' || outcome === 'stale' || outcome === 'miss') && page.status === 200;
    res.statusCode = page.status;
    res.setHeader('Content-Type', page.type);
    res.setHeader('Cache-Control', good ? options.htmlCacheControl : 'no-store');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Cache', outcome.toUpperCase());
    res.setHeader('Content-Security-Policy', frameAncestors);
    if (good) {
      res.setHeader('ETag', page.etag);
      // What it shows, for a CDN that purges by tag (Fastly, Varnish xkey; Cloudflare reads Cache-Tag).
      res.setHeader('Surrogate-Key', page.tags.join(' '));
      res.setHeader('Cache-Tag', page.tags.join(','));
      if (req.headers['if-none-match'] === page.etag) {
        res.statusCode = 304;
        res.end();
        return;
      }
    }
    const gzipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzipped ? page.gzip : page.body;
    if (gzipped) res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function serve(req: IncomingMessage, res: ServerResponse, address: string, render: Render, status = 200) {
    // Kept per build of the shell; a section's pages are dropped when another build of it goes live
    // (`drop`). The not-found page's own key: never a page's, never a render a page's visitors join.
    const key = `${context.template.id}:${status === 200 ? '' : `${status} `}${address}`;
    if (req.method === 'HEAD') {
      // A HEAD is answered from what is kept, and renders nothing.
      const kept = await cache.peek(key);
      if (kept) return send(req, res, kept, 'hit');
      res.statusCode = status;
      res.setHeader('Cache-Control', 'no-cache');
      res.end();
      return;
    }
    const visitor = visitorOf(res);
    const answer = await forVisitor(cache.serve(key, render, visitor, admission(req)), visitor).catch(
      (error: unknown) => {
        if (!(error instanceof RenderRefused)) throw error;
        tooMany(res, error.retryAfterSeconds, 'this client asked for too many pages not kept');
        return undefined;
      },
    );
    if (answer && !visitor.aborted) send(req, res, answer.page, answer.outcome);
  }

  const renderFeed =
    (type: string, body: () => Promise<string>): Render =>
    async (signal) => {
      const { value, readFailed } = await withReadDeadline(signal, options.readTimeoutMs, body);
      return { status: 200, type, body: value, tags: [TAG.site, TAG.articles], degraded: readFailed };
    };
  const feeds: Record<string, Render> = {
    '/sitemap.xml': renderFeed('application/xml; charset=utf-8', async () => sitemapXml(siteUrl, await everyArticle())),
    '/rss.xml': renderFeed('application/rss+xml; charset=utf-8', async () => {
      const newest = await fetchArticleSummaries({ search: '', page: 1 });
      return rssXml(siteUrl, newest?.data ?? []);
    }),
  };
  // The files a deployer edits to point the site elsewhere, as the browser asks for them.
  const runtimeFiles: Record<string, { file: string; type: string }> = {
    '/config.js': { file: options.configFile, type: 'text/javascript; charset=utf-8' },
    '/remotes.json': { file: options.remotesFile, type: 'application/json' },
  };
  // Rendered for each unknown address, which it names, and kept for none: a crawler's guesses fill no cache.
  const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) =>
    serve(
      req,
      res,
      pathname,
      async (signal) => ({
        ...(await renderPage({ address: pathname, section: undefined }, pageContext, signal)),
        transient: true,
      }),
      404,
    );

  /** Sends this browser to `location`, with its preview's cookies set or ended. */
  function redirect(res: ServerResponse, location: string, cookies: string[]) {
    res.statusCode = 303;
    res.setHeader('Set-Cookie', cookies);
    res.setHeader('Location', location);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end();
  }

  /** A preview's query, once its secret is checked: what is previewed, and the page of the site it opens on. */
  function previewQuery(res: ServerResponse, search: string, fallbackPath: string) {
    if (!options.preview) {
      plain(res, 404, 'Not Found: preview is off (PREVIEW_SECRET is not set)');
      return undefined;
    }
    const query = new URLSearchParams(search);
    if (!isSecret(options.preview.secret, query.get('secret'))) {
      plain(res, 401, 'Unauthorized: a preview needs the shared secret (PREVIEW_SECRET)');
      return undefined;
    }
    const page = query.get('path') ?? fallbackPath;
    // Decoded already: a control character in it (CR, LF) would end up in the Location header.
    const target =
      page.startsWith('/') && !page.startsWith('//') && !/\p{Cc}/u.test(page) ? requestTarget(page) : undefined;
    if (!target || !routeAt(target.pathname)) {
      plain(res, 400, 'Bad Request: path must be a page of the site');
      return undefined;
    }
    return { secret: options.preview.secret, query, location: `${target.pathname}${target.search}` };
  }

  /** The admin panel's Preview button: a preview for this browser, then the page it previews. */
  function openPreview(res: ServerResponse, search: string) {
    const asked = previewQuery(res, search, '');
    if (!asked) return;
    const status = asked.query.get('status') ?? 'draft';
    if (status !== 'draft' && status !== 'published')
      return plain(res, 400, 'Bad Request: status must be draft or published');
    const preview: Preview = { status, expiresAt: Date.now() + PREVIEW_SECONDS * 1000 };
    redirect(res, asked.location, [previewCookie(asked.secret, preview, secure)]);
  }

  /** A team's builds of sections, loaded for this browser instead of the deployed ones. */
  function openSectionsPreview(res: ServerResponse, search: string) {
    const asked = previewQuery(res, search, '/Home');
    if (!asked) return;
    const deployed = context.sections.manifests();
    const sections = overridesAsked(asked.query, deployed, allowedOrigins(options.previewOrigins, deployed));
    if ('refused' in sections) return plain(res, 400, `Bad Request: ${sections.refused}`);
    const expiresAt = Date.now() + PREVIEW_SECONDS * 1000;
    redirect(res, asked.location, [sectionsCookie(asked.secret, sections.overrides, expiresAt, secure)]);
  }

  /** Ends every preview of this browser: drafts and sections alike. */
  const exitPreview = (res: ServerResponse) =>
    redirect(
      res,
      '/Home',
      [PREVIEW_COOKIE, SECTIONS_COOKIE].map((name) => previewCookieOf(name, '', 0, secure)),
    );

  /** A browser that previews builds of sections, or a visitor of a canary, is answered by the render server that loads them. */
  async function viaPreviewBuild(
    req: IncomingMessage,
    res: ServerResponse,
    overrides: SectionOverrides,
    canary = false,
  ) {
    const builds = canary ? canaryBuilds : previewBuilds;
    const origin = await builds?.origin(overrides).catch((error: unknown) => error as Error);
    if (origin instanceof PreviewBuildsBusy) {
      res.setHeader('Retry-After', '5');
      return plain(res, 503, `Service Unavailable: ${origin.message}; try again in a few seconds`);
    }
    if (typeof origin !== 'string') {
      console.error('A preview of sections could not start', origin);
      return plain(res, 503, 'Service Unavailable: the preview of those builds could not start');
    }
    await forward(req, res, `${origin}${req.url ?? '/'}`, {
      headers: req.headers,
      answered: (answer) => ({
        status: answer.statusCode ?? 502,
        headers: canary ? canaryAnswerHeaders(answer.headers) : answer.headers,
        body: true,
      }),
      failed: (error) => {
        console.error('The render server of a preview of sections failed', error);
        plain(res, 502, 'Bad Gateway: the preview of those builds did not answer');
      },
    });
  }

  /** An upload of the CMS's, answered on the site's origin as the CMS answers it; nothing else of the CMS's. */
  const media = (req: IncomingMessage, res: ServerResponse, pathname: string, search: string) => {
    const url = addressUnder(siteConfig().cmsUrl, MEDIA_PATH, pathname, search);
    if (!url) return plain(res, 404, 'Not Found: no such upload');
    return forward(req, res, url, {
      headers: mediaRequestHeaders(req.headers),
      answered: (answer) => mediaAnswer(req.headers, answer),
      failed: (error) => {
        console.error(`${pathname} could not be read from the CMS`, error);
        plain(res, 502, 'Bad Gateway: the CMS did not answer');
      },
      timeoutMs: MEDIA_TIMEOUT_MS,
    });
  };

  let tileFailureLoggedAt = -Infinity;

  /** A tile of the map's, from the render server's memory or the tile server. */
  async function tile(req: IncomingMessage, res: ServerResponse, tiles: TileCache, pathname: string) {
    const asked = tileAt(pathname);
    if (!asked) return plain(res, 404, 'Not Found: no such tile');
    const stored = await tiles.tile(asked, clientOfRequest(req)).catch((error: unknown) => error as Error);
    if (stored instanceof TileReadsExhausted) {
      if (stored.status === 429) return tooMany(res, stored.retryAfterSeconds, 'this client asked for too many tiles');
      res.setHeader('Retry-After', String(stored.retryAfterSeconds));
      return plain(res, 503, 'Service Unavailable: too many tiles asked of the tile server; try again in a minute');
    }
    if (stored instanceof Error) {
      // One line a minute while the tile server is down, not one for each tile of every visitor's map.
      if (Date.now() - tileFailureLoggedAt >= TILE_FAILURE_LOG_MS) {
        tileFailureLoggedAt = Date.now();
        console.error(
          `${pathname} could not be read from the tile server (further failures for a minute unlogged)`,
          stored,
        );
      }
      return plain(res, 502, 'Bad Gateway: the tile server did not answer');
    }
    if (!stored) return plain(res, 404, 'Not Found: the tile server has no such tile');
    const { status, headers, body } = tileAnswer(req.headers, stored, Date.now());
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const previewReads = (preview: Preview) => (url: string) =>
    previewRead(url, siteConfig().cmsUrl, preview, options.preview?.apiToken);

  /** A preview's page: rendered for this browser alone, never kept, never indexed. */
  async function servePreview(
    req: IncomingMessage,
    res: ServerResponse,
    target: PageTarget,
    preview: Preview | undefined,
  ) {
    const visitor = visitorOf(res);
    const context = {
      ...pageContext,
      // Drafts are read through this server, by the browser too.
      template: preview ? previewTemplate : pageContext.template,
      preview: {
        status: preview?.status,
        read: preview && previewReads(preview),
        sections: options.previewSections,
      },
    };
    const page = await forVisitor(renderPage(target, context, visitor), visitor);
    if (!page || visitor.aborted) return;
    res.statusCode = page.status;
    res.setHeader('Content-Type', page.type);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Content-Security-Policy', previewFrameAncestors);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  }

  /** A preview's browser reads the CMS's API here: drafts with the token, which it never sees; nothing else may. */
  async function previewApi(res: ServerResponse, pathname: string, search: string, preview: Preview | undefined) {
    if (!preview) return plain(res, 403, 'Forbidden: only a preview reads the CMS here');
    const asked = addressUnder(siteConfig().cmsUrl, '/api/', pathname.slice(PREVIEW_CMS_PATH.length), search);
    if (!asked) return plain(res, 403, 'Forbidden: a preview reads the CMS’s API only');
    const { url, headers } = previewReads(preview)(asked);
    const answer = await fetch(url, { headers: { Accept: 'application/json', ...headers } }).catch(() => undefined);
    if (!answer) return plain(res, 502, 'Bad Gateway: the CMS did not answer');
    res.statusCode = answer.status;
    res.setHeader('Content-Type', answer.headers.get('content-type') ?? 'application/json');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  /** Drops the pages with one of `tags` rendered before `at`, here and in the CDN in front. */
  async function drop(tags: string[], at: number) {
    await cache.invalidate(tags, at);
    if (options.purge) void purgeCdn(options.purge, tags);
  }
  // Another release of a section (or a build re-pointed): its pages only are rendered anew.
  context.sections.onSwitch(
    (container) =>
      void drop([TAG.section(container)], Date.now()).catch((error: unknown) =>
        console.error(`The pages of ${container} could not be dropped`, error),
      ),
  );

  /** A report of changes from the CMS: refused before its body is read unless it is signed, and taken once. */
  async function revalidate(req: IncomingMessage, res: ServerResponse) {
    const unsigned = () => plain(res, 401, 'Unauthorized: sign the report with the shared secret (REVALIDATE_SECRET)');
    // The connection ends with the answer: a refused report's sender is not waited for.
    res.shouldKeepAlive = false;
    const signature = req.headers[SIGNATURE_HEADER];
    if (!options.revalidateSecret || !isSignatureHeader(signature)) return unsigned();
    const read = await readBody(req, MAX_REPORT_BYTES, REPORT_DEADLINE_MS);
    if ('refused' in read)
      return read.refused === 413
        ? plain(res, 413, 'Payload Too Large: a report is at most 64 KB')
        : plain(res, 408, 'Request Timeout: the report did not arrive in time');
    const body = read.text;
    if (!verifySignature(options.revalidateSecret, signature, body, Date.now())) return unsigned();
    const report = readReport(body, Date.now());
    if (!report)
      return plain(
        res,
        400,
        'Bad Request: expected {"changes":[{"event","uid","documentId"?,"article"?}],"ageMs"?,"nonce"}',
      );
    if ((await counters.add(`nonce:${report.nonce}`, NONCE_WINDOW_MS)).count > 1)
      return plain(res, 409, 'Conflict: this report was taken already');
    const { tags, changedAt } = report;
    await drop(tags, changedAt);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify({ dropped: tags }));
  }

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const host = req.headers.host;
    if (host !== undefined && !HOST.test(host)) return plain(res, 400, 'Bad Request: malformed Host header');
    const target = requestTarget(req.url ?? '/');
    if (!target) return plain(res, 400, 'Bad Request: malformed address');
    const { pathname, search } = target;
    if (pathname === REVALIDATE_PATH && req.method === 'POST') return revalidate(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      return plain(res, 405, 'Method Not Allowed');
    }
    if (pathname === '/healthz') {
      // Whether it answers, and nothing more: how full it is would help size a flood (`BLOG_STATUS_PORT` tells that).
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ ok: true }));
      return;
    }
    if (pathname === '/robots.txt') return plain(res, 200, robotsTxt(siteUrl), options.htmlCacheControl);
    if (mediaFromCms && pathname.startsWith(MEDIA_PATH)) return media(req, res, pathname, search);
    if (tiles && pathname.startsWith(TILES_PATH)) return tile(req, res, tiles, pathname);
    const preview = options.preview && previewOf(options.preview.secret, req.headers.cookie, Date.now());
    if (pathname === PREVIEW_PATH) return openPreview(res, search);
    if (pathname === SECTIONS_PREVIEW_PATH) return openSectionsPreview(res, search);
    if (pathname === PREVIEW_EXIT_PATH) return exitPreview(res);
    // The pages, the section list and the reads of a browser that previews builds are theirs.
    const previewedBuilds =
      options.preview && !options.previewSections
        ? sectionsOf(options.preview.secret, req.headers.cookie, Date.now())
        : undefined;
    if (pathname.startsWith(`${PREVIEW_CMS_PATH}/api/`))
      return previewedBuilds ? viaPreviewBuild(req, res, previewedBuilds) : previewApi(res, pathname, search, preview);
    const runtimeFile = runtimeFiles[pathname];
    if (runtimeFile) {
      if (pathname === '/remotes.json' && previewedBuilds) return viaPreviewBuild(req, res, previewedBuilds);
      // Read on every request, from wherever the server was pointed: an edit shows at once.
      res.setHeader('Content-Type', runtimeFile.type);
      res.setHeader('Cache-Control', options.previewSections ? 'private, no-store' : 'no-cache');
      // `remotes.json` as the server renders with it now: the releases the registry names, once loaded.
      res.end(
        pathname === '/remotes.json' ? JSON.stringify(context.sections.manifests()) : await readFile(runtimeFile.file),
      );
      return;
    }
    const feed = feeds[pathname];
    if (feed) return serve(req, res, pathname, feed);

    const route = routeAt(pathname);
    if (route && route.path !== pathname) {
      // The browser's router reads `/articles/` as `/Articles`: the server sends it to the one address.
      res.statusCode = 301;
      res.setHeader('Location', `${route.path}${search}`);
      res.setHeader('Cache-Control', options.htmlCacheControl);
      res.end();
      return;
    }
    if (route) {
      const address = pageAddress(route.path, route.section, new URLSearchParams(search));
      const target = { address, section: route.section };
      if (previewedBuilds) return viaPreviewBuild(req, res, previewedBuilds);
      if (preview || options.previewSections) return servePreview(req, res, target, preview);
      // A visitor of a section's canary is served by the canary's render server (canary.ts).
      const canary = canaryVisit(context.sections.canaries(), req.headers.cookie, Math.random, secure);
      if (canary.cookies.length > 0) res.setHeader('Set-Cookie', canary.cookies);
      if (canary.overrides) return viaPreviewBuild(req, res, canary.overrides, true);
      return serve(req, res, address, async (signal) => {
        const page = await renderPage(target, pageContext, signal);
        // The tiles a page of the site's shows keep their share of the tile server.
        tiles?.noteShown(page.body);
        return page;
      });
    }
    // The build's own page and the render server's code are not the site's, however the address spells them.
    if (pathname === '/index.html' || pathname === '/server' || pathname.startsWith('/server/'))
      return notFound(req, res, pathname);
    // The files are looked up by the very path checked above.
    req.url = `${encodeURI(pathname)}${search}`;
    gzip(req as Parameters<typeof gzip>[0], res as Parameters<typeof gzip>[1], () => {
      files(req, res, () => void notFound(req, res, pathname).catch((error: unknown) => fail(req, res, error)));
    });
  }

  function fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
    console.error(`${req.url} failed`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    answer(req, res).catch((error: unknown) => fail(req, res, error));
  };
}
