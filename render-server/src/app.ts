import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import fastifyCompress from '@fastify/compress';
import fastifyReplyFrom from '@fastify/reply-from';
import underPressure from '@fastify/under-pressure';
import Fastify, { type FastifyPluginCallback } from 'fastify';
import type { ServerOptions } from './options';
import { pageCachePlugin } from './plugins/page-cache';
import { previewsPlugin } from './plugins/previews';
import { requestsPlugin } from './plugins/requests';
import { shellFilesPlugin } from './plugins/shell-files';
import { sitePlugin, type SiteServices } from './plugins/site';
import { rewriteUrl } from './plugins/targets';
import { unavailable } from './request';
import { ROUTES } from './routes';

const PROCESS_ID = randomUUID().slice(0, 8);
let requests = 0;

/** Ends a request that broke off or failed before it was a request (a malformed line, a timeout), as Node does. */
function clientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? '408 Request Timeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : '400 Bad Request';
  if (socket.writable) socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  socket.destroy(error);
}

/**
 * How late the event loop may run before requests are shed: a second behind, a kept page that
 * takes a millisecond to answer would wait a second for its turn, and more requests only add to
 * the wait. Answered 503 at once meanwhile, a visitor (or a CDN's grace) asks again.
 */
const MAX_EVENT_LOOP_DELAY_MS = 1_000;

/**
 * The site on Fastify: its plugins (what every route reads, `plugins/`), then its routes, one
 * module a family (`routes/`). Every request's address is decoded and checked once, before it is
 * routed (what is checked is what is served). Links are built from `BLOG_SITE_URL` only, never
 * from the request.
 */
export function buildApp(options: ServerOptions, services: SiteServices, routes: FastifyPluginCallback[] = ROUTES) {
  const app = Fastify({
    // No logger of Fastify's: one line per request is written when it ends (`exchange.ts`), with
    // what the route did, and a child logger made for each request would cost more than the line.
    logger: false,
    // Unique across processes, at the cost of a counter: this process's random part, then its count.
    genReqId: () => `${PROCESS_ID}-${(requests += 1).toString(36)}`,
    // A public site's bounds: all of a request within 30 s, idle connections closed after 5.
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    clientErrorHandler: clientError,
    rewriteUrl,
  });
  // A body is read by the route that takes one (`/_revalidate`), within its own size and deadline.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.register(sitePlugin, { options, services });
  app.register(requestsPlugin);
  app.register(underPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    pressureHandler: (_request, reply) => void unavailable(reply, 5, 'the server is overloaded'),
  });
  // Gzip for the shell's files the build has no Brotli copy of: the route that serves them says how (`compress`).
  app.register(fastifyCompress, { global: false });
  // Another server's answer streamed back: the CMS's uploads, the render servers of previews and canaries.
  app.register(fastifyReplyFrom, { disableRequestLogging: true, http: {} });
  app.register(shellFilesPlugin);
  app.register(pageCachePlugin);
  app.register(previewsPlugin);
  for (const route of routes) app.register(route);
  return app;
}
