import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fresh from 'fresh';
import { exchangeOf } from '../exchange';
import { log } from '../log';
import { pageCacheRequests } from '../metrics';
import {
  RenderRefused,
  RenderTimedOut,
  type Admission,
  type CachedPage,
  type Lend,
  type Outcome,
  type Render,
  pageBody,
} from '../page-cache';
import { pageKey } from '../page-key';
import { ReadSlots } from '../read-slots';
import { FRAME_ANCESTORS, forVisitor, tooMany, unavailable, visitorOf } from '../request';
import { serverTiming, type PageTiming } from '../timing';
import { inSpan } from '../tracing';

/** When a visitor whose page could not be rendered in time is told to ask again. */
const RETRY_AFTER_TIMEOUT_SECONDS = 5;

/**
 * The memory lent to pages read from disk for their answers: an article's gzip is about 14 kB on
 * the grown site, and a few dozen answers are under way at once under bench:mix's 50 connections.
 * A larger page, or one past them all, is read into a buffer of its own.
 */
const READ_SLOT_BYTES = 64 * 1024;
const READ_SLOTS = 256;

/** The page-cache path: a page (or a feed) answered from what is kept, rendered when it is not. */
export interface PagesAnswer {
  /** Answers `address` from what is kept, or rendered by `render` (`status` keeps the not-found page apart). */
  serve: (
    request: FastifyRequest,
    reply: FastifyReply,
    address: string,
    render: Render,
    status?: number,
  ) => Promise<unknown>;
  /** The not-found page, which names the address asked: rendered for each, kept for none. */
  notFound: (request: FastifyRequest, reply: FastifyReply, pathname: string) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    pages: PagesAnswer;
  }
}

export const pageCachePlugin = fp(
  (app, _options, done) => {
    const { options, services, clientOf } = app.site;
    const { cache, counters } = services;
    const readSlots = new ReadSlots(READ_SLOT_BYTES, READ_SLOTS);

    /** Memory for a page read from disk, lent until this reply is sent, or its visitor has gone. */
    const lendFor =
      (reply: FastifyReply): Lend =>
      (bytes) => {
        // Past its 'close', nothing would give the slot back.
        const lease = reply.raw.destroyed || reply.raw.writableFinished ? undefined : readSlots.lease(bytes);
        if (!lease) return undefined;
        // 'close' comes once the answer's last bytes are the kernel's, or the connection has ended.
        reply.raw.once('close', lease.release);
        return lease.bytes;
      };

    /** Whether this request's client may start another render this minute. */
    const admission =
      (request: FastifyRequest): Admission =>
      async () => {
        const retryAfterSeconds = await counters.renderRetryAfter(clientOf(request));
        return retryAfterSeconds === undefined ? undefined : { retryAfterSeconds };
      };

    function send(
      request: FastifyRequest,
      reply: FastifyReply,
      page: CachedPage,
      outcome: Outcome,
      timing: PageTiming,
    ) {
      pageCacheRequests.inc({ outcome });
      exchangeOf(request.raw).cache = outcome;
      // Only a good render of a page is for others to keep: a degraded page, a changed page's last
      // copy or the not-found page is this visitor's.
      const good = (outcome === 'hit' || outcome === 'stale' || outcome === 'miss') && page.status === 200;
      reply
        .code(page.status)
        .header('Content-Type', page.type)
        .header('Cache-Control', good ? options.htmlCacheControl : 'no-store')
        .header('Vary', 'Accept-Encoding')
        .header('X-Cache', outcome.toUpperCase())
        .header('Server-Timing', serverTiming(outcome, timing))
        .header('Content-Security-Policy', FRAME_ANCESTORS);
      if (good) {
        // What it shows, for a CDN that purges by tag (Fastly, Varnish xkey; Cloudflare reads Cache-Tag).
        reply
          .header('ETag', page.etag)
          .header('Surrogate-Key', page.tags.join(' '))
          .header('Cache-Tag', page.tags.join(','));
        // The one rule for a copy the browser holds, as for uploads and tiles.
        if (fresh(request.headers, { etag: page.etag })) return reply.code(304).send();
      }
      const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (gzipped) reply.header('Content-Encoding', 'gzip');
      return reply.send(gzipped ? page.gzip : pageBody(page));
    }

    async function serve(request: FastifyRequest, reply: FastifyReply, address: string, render: Render, status = 200) {
      // Kept per build of the shell; a section's pages are dropped when another build of it goes live (`drop`).
      const key = pageKey(services.shell.current.template.id, address, status);
      const timing: PageTiming = {};
      if (request.method === 'HEAD') {
        // A HEAD is answered from what is kept, and renders nothing.
        const kept = await cache.peek(key);
        if (kept) return send(request, reply, kept, 'hit', timing);
        pageCacheRequests.inc({ outcome: 'miss' });
        return reply.code(status).header('Cache-Control', 'no-cache').send();
      }
      const visitor = visitorOf(reply.raw);
      // Timed only when rendered: a kept page's answer carries no cost of it.
      const timed: Render = (signal) =>
        inSpan('render', { 'blog.page': address }, async () => {
          const started = performance.now();
          const page = await render(signal);
          timing.renderMs = performance.now() - started;
          timing.cms = page.cms;
          return page;
        });
      const lookup = inSpan('page cache', { 'blog.page': address }, (span) =>
        cache.serve(key, timed, visitor, admission(request), lendFor(reply)).then((answered) => {
          span.setAttribute('blog.cache.outcome', answered.outcome);
          return answered;
        }),
      );
      try {
        const answer = await forVisitor(lookup, visitor);
        if (answer && !visitor.aborted) return send(request, reply, answer.page, answer.outcome, timing);
        return reply;
      } catch (error) {
        if (error instanceof RenderTimedOut) {
          log.error({ err: error }, `${address} could not be rendered in time, and no copy of it is kept`);
          pageCacheRequests.inc({ outcome: 'timed_out' });
          return unavailable(reply, RETRY_AFTER_TIMEOUT_SECONDS, 'this page took too long to render');
        }
        if (!(error instanceof RenderRefused)) throw error;
        pageCacheRequests.inc({ outcome: 'refused' });
        return tooMany(reply, error.retryAfterSeconds, 'this client asked for too many pages not kept');
      }
    }

    const notFound: PagesAnswer['notFound'] = (request, reply, pathname) => {
      exchangeOf(request.raw).route = '(not found)';
      return serve(
        request,
        reply,
        pathname,
        async (signal) => ({
          ...(await app.site.render({ address: pathname, section: undefined }, signal)),
          transient: true,
        }),
        404,
      );
    };

    app.decorate('pages', { serve, notFound });
    done();
  },
  { name: 'page-cache', dependencies: ['site'] },
);
