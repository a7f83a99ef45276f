import type { IncomingMessage, ServerResponse } from 'node:http';
import { SpanStatusCode, isSpanContextValid, type Span } from '@opentelemetry/api';
import { log } from './log';
import { requestDuration } from './metrics';

/** What is known of one request as it is answered: what its log line and its metrics say. */
export interface Exchange {
  id: string;
  /** The route's template (`/uploads/*`, a page's path): never the address asked. */
  route: string;
  /** How the page cache answered it, where it did. */
  cache?: string;
  /** Its span, once routed: the trace it is part of. */
  span?: Span;
}

/** The trace a request is part of: its span's, or as its `traceparent` (W3C) names it where nothing is traced. */
export function traceIdOf(req: IncomingMessage, span: Span | undefined): string | undefined {
  const traced = span?.spanContext();
  if (traced && isSpanContextValid(traced)) return traced.traceId;
  const header = req.headers.traceparent;
  return typeof header === 'string' ? /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(header)?.[1] : undefined;
}

const exchanges = new WeakMap<IncomingMessage, Exchange>();

/** This request's exchange (one is made for every request before it is routed). */
export const exchangeOf = (req: IncomingMessage): Exchange => exchanges.get(req) ?? { id: '', route: '' };

/** Starts following a request: when it ends, its duration is counted and its line is logged. */
export function observe(req: IncomingMessage, res: ServerResponse, id: string, route: string): Exchange {
  const started = performance.now();
  const exchange: Exchange = { id, route };
  exchanges.set(req, exchange);
  res.once('close', () => {
    const { span } = exchange;
    const seconds = (performance.now() - started) / 1000;
    // A visitor who left before the answer was sent got none: not a status the server gave.
    const status = res.writableFinished ? res.statusCode : 499;
    requestDuration.observe({ method: req.method, route: exchange.route, status }, seconds);
    if (span) {
      span.updateName(`${req.method} ${exchange.route}`);
      span.setAttributes({ 'http.route': exchange.route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    // Nothing made for a line that is not written.
    if (!log.isLevelEnabled('info')) return;
    log.info(
      {
        req_id: id,
        trace_id: traceIdOf(req, exchange.span),
        method: req.method,
        route: exchange.route,
        status,
        duration_ms: Math.round(seconds * 1e6) / 1e3,
        cache: exchange.cache,
      },
      'request',
    );
  });
  return exchange;
}
