import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ROOT_CONTEXT, SpanKind, context as traceContext, propagation, trace } from '@opentelemetry/api';
import Fastify from 'fastify';
import { clientOf } from '@blog/server-kit';
import type { Counters } from './limits';
import type { DocumentTemplate } from './document';
import { exchangeOf, observe, type Exchange } from './exchange';
import { log } from './log';
import type { ServerOptions } from './options';
import type { PageCache } from './page-cache';
import type { ChildRenderServers } from '@blog/release';
import type { PageContext } from './render';
import { isHost, plain, requestTarget, targetUrl, type Target } from './request';
import { REVALIDATE_PATH } from './routes/revalidate';
import type { TileCache } from './tiles';
import { isTracing, tracer } from './tracing';

export interface SiteContext extends Omit<PageContext, 'siteUrl' | 'readTimeoutMs' | 'cmsHeaders' | 'preview'> {
  cache: PageCache;
  /** The document of a preview's page: its browser reads the CMS through this server. */
  previewTemplate: DocumentTemplate;
  /** The render servers of the sections' builds that browsers preview; none where previews are off. */
  previewServers?: ChildRenderServers;
  /** The render servers of the sections' canaries (`canary.ts`); none in a server that renders builds for another. */
  canaryServers?: ChildRenderServers;
  /** Whether the site answers the CMS's uploads (`MEDIA_PATH`) on its own origin (`mediaOnSite`). */
  mediaFromCms?: boolean;
  /** The tile server's tiles, answered on the site's origin (`tilesOnSite`); none where the tiles are on it already. */
  tiles?: TileCache;
  /** What limits count (renders per client, reports' nonces): in memory, or in Redis shared by the render servers. */
  counters: Counters;
}

/** One request's answer, written to the response as it goes; `target` is the address as checked. */
export type Answer = (req: IncomingMessage, res: ServerResponse, target: Target) => unknown;

/** What every route module is given: the server's settings and services, and where it adds its routes. */
export interface Site {
  options: ServerOptions;
  context: SiteContext;
  pageContext: PageContext;
  /** Whether the site is served over HTTPS, so that the cookies it sets are `Secure`. */
  secure: boolean;
  /** Who a request counts against in the limits per client. */
  clientOf: (req: IncomingMessage) => string;
  /** Answers `url` (a path or a `/*` prefix) to GET and HEAD, or to `methods`. */
  route: (url: string, answer: Answer, methods?: ('GET' | 'HEAD' | 'POST')[]) => void;
}

/** A route module: adds its routes to the site. */
export type Routes = (site: Site) => void;

const PROCESS_ID = randomUUID().slice(0, 8);
let requests = 0;

// Each request's address as checked, kept from before routing (`rewriteUrl`) for its hooks and handler.
const targets = new WeakMap<IncomingMessage, Target>();

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
 * The site on Fastify: every request's address decoded and checked here, once, before it is routed
 * (what is checked is what is served), then answered by the route modules in `routes/`. Links are
 * built from `BLOG_SITE_URL` only, never from the request.
 */
export function site(options: ServerOptions, context: SiteContext, modules: Routes[]) {
  const app = Fastify({
    // No logger of Fastify's: one line per request is written when it ends (`exchange.ts`), with
    // what the route did, and a child logger made for each request would cost more than the line.
    logger: false,
    // Unique across processes, at the cost of a counter: this process's random part, then its count.
    genReqId: () => `${PROCESS_ID}-${(requests += 1).toString(36)}`,
    exposeHeadRoutes: false,
    // A public site's bounds: all of a request within 30 s, idle connections closed after 5.
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    clientErrorHandler: clientError,
    rewriteUrl(req) {
      const target = requestTarget(req.url ?? '/');
      if (!target) return '/';
      targets.set(req, target);
      return targetUrl(target);
    },
  });
  // A body is read by the route that takes one (`/_revalidate`), within its own limits.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.addHook('onRequest', (request, reply, done) => {
    const {
      raw: req,
      raw: { method },
    } = request;
    const res = reply.raw;
    const target = targets.get(req);
    const exchange: Exchange = observe(req, res, request.id, request.routeOptions.url ?? '');
    const refuse = (status: number, body: string) => {
      exchange.route = '(refused)';
      reply.hijack();
      plain(res, status, body);
    };
    if (!isHost(req.headers.host)) refuse(400, 'Bad Request: malformed Host header');
    else if (!target) refuse(400, 'Bad Request: malformed address');
    else if (method !== 'GET' && method !== 'HEAD' && !(method === 'POST' && target.pathname === REVALIDATE_PATH)) {
      res.setHeader('Allow', 'GET, HEAD');
      refuse(405, 'Method Not Allowed');
    }
    // A report's body is read as bytes by its route: its declared type is not Fastify's to refuse (415).
    else if (method === 'POST') delete req.headers['content-type'];
    done();
  });

  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    log.error({ err: error, url: req.url }, `${req.url} failed`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  };

  const shared: Site = {
    options,
    context,
    pageContext: {
      ...context,
      siteUrl: options.siteUrl,
      readTimeoutMs: options.readTimeoutMs,
      cmsHeaders: options.cmsHeaders,
    },
    secure: options.siteUrl.startsWith('https:'),
    clientOf: (req) =>
      clientOf(req.socket.remoteAddress, String(req.headers['x-forwarded-for'] ?? ''), options.proxyHops),
    route: (url, answer, methods = ['GET', 'HEAD']) => {
      app.route({
        method: methods,
        url,
        handler(request, reply) {
          // Every route writes its answer itself, some of it streamed from another server.
          reply.hijack();
          const { raw: req } = request;
          const target = targets.get(req) as Target;
          const run = () => {
            try {
              return Promise.resolve(answer(req, reply.raw, target)).catch((error: unknown) =>
                fail(req, reply.raw, error),
              );
            } catch (error) {
              fail(req, reply.raw, error);
            }
          };
          if (!isTracing()) return void run();
          // The request's span, a child of the caller's (`traceparent`); ended with the answer (`exchange.ts`).
          const caller = propagation.extract(ROOT_CONTEXT, req.headers);
          const span = tracer.startSpan(`${req.method} ${url}`, { kind: SpanKind.SERVER }, caller);
          exchangeOf(req).span = span;
          void traceContext.with(trace.setSpan(caller, span), run);
        },
      });
    },
  };
  for (const routes of modules) routes(shared);
  return app;
}
