import type { IncomingMessage, ServerResponse } from 'node:http';
import { exchangeOf } from './exchange';
import { pageCacheRequests } from './metrics';
import {
  RenderRefused,
  RenderTimedOut,
  type Admission,
  type CachedPage,
  type Outcome,
  type Render,
} from './page-cache';
import { renderPage } from './render';
import { FRAME_ANCESTORS, forVisitor, tooMany, unavailable, visitorOf } from './request';
import { log } from './log';
import type { Site } from './site';
import { serverTiming, withTiming, type PageTiming } from './timing';
import { inSpan } from './tracing';

/** When a visitor whose page could not be rendered in time is told to ask again. */
const RETRY_AFTER_TIMEOUT_SECONDS = 5;

/** The page-cache path: a page (or a feed) answered from what is kept, rendered when it is not. */
export function pageCachePath({ options, context, pageContext, clientOf }: Site) {
  const { cache, counters } = context;

  /** Whether this request's client may start another render this minute. */
  const admission =
    (req: IncomingMessage): Admission =>
    async () => {
      const retryAfterSeconds = await counters.renderRetryAfter(clientOf(req));
      return retryAfterSeconds === undefined ? undefined : { retryAfterSeconds };
    };

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, outcome: Outcome, timing: PageTiming) {
    pageCacheRequests.inc({ outcome });
    exchangeOf(req).cache = outcome;
    // Only a good render of a page is for others to keep: a degraded page, a changed page's last
    // copy or the not-found page is this visitor's.
    const good = (outcome === 'hit' || outcome === 'stale' || outcome === 'miss') && page.status === 200;
    res.statusCode = page.status;
    res.setHeader('Content-Type', page.type);
    res.setHeader('Cache-Control', good ? options.htmlCacheControl : 'no-store');
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Cache', outcome.toUpperCase());
    res.setHeader('Server-Timing', serverTiming(outcome, timing));
    res.setHeader('Content-Security-Policy', FRAME_ANCESTORS);
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
    const timing: PageTiming = { cmsMs: 0, cmsReads: 0 };
    if (req.method === 'HEAD') {
      // A HEAD is answered from what is kept, and renders nothing.
      const kept = await cache.peek(key);
      if (kept) return send(req, res, kept, 'hit', timing);
      pageCacheRequests.inc({ outcome: 'miss' });
      res.statusCode = status;
      res.setHeader('Cache-Control', 'no-cache');
      res.end();
      return;
    }
    const visitor = visitorOf(res);
    // Timed only when rendered: a kept page's answer carries no cost of it.
    const timed: Render = (signal) =>
      withTiming(timing, () =>
        inSpan('render', { 'blog.page': address }, async () => {
          const started = performance.now();
          const page = await render(signal);
          timing.renderMs = performance.now() - started;
          return page;
        }),
      );
    const lookup = inSpan('page cache', { 'blog.page': address }, (span) =>
      cache.serve(key, timed, visitor, admission(req)).then((answered) => {
        span.setAttribute('blog.cache.outcome', answered.outcome);
        return answered;
      }),
    );
    const answer = await forVisitor(lookup, visitor).catch((error: unknown) => {
      if (error instanceof RenderTimedOut) {
        log.error({ err: error }, `${address} could not be rendered in time, and no copy of it is kept`);
        pageCacheRequests.inc({ outcome: 'timed_out' });
        unavailable(res, RETRY_AFTER_TIMEOUT_SECONDS, 'this page took too long to render');
        return undefined;
      }
      if (!(error instanceof RenderRefused)) throw error;
      pageCacheRequests.inc({ outcome: 'refused' });
      tooMany(res, error.retryAfterSeconds, 'this client asked for too many pages not kept');
      return undefined;
    });
    if (answer && !visitor.aborted) send(req, res, answer.page, answer.outcome, timing);
  }

  // Rendered for each unknown address, which it names, and kept for none: a crawler's guesses fill no cache.
  const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    exchangeOf(req).route = '(not found)';
    return serve(
      req,
      res,
      pathname,
      async (signal) => ({
        ...(await renderPage({ address: pathname, section: undefined }, pageContext, signal)),
        transient: true,
      }),
      404,
    );
  };

  return { serve, notFound };
}
