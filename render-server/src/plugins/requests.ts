import { ROOT_CONTEXT, SpanKind, context as traceContext, propagation, trace } from '@opentelemetry/api';
import fp from 'fastify-plugin';
import { exchangeOf, observe } from '../exchange';
import { log } from '../log';
import { isHost, plain } from '../request';
import { REVALIDATE_PATH } from '../revalidate';
import { isTracing, tracer } from '../tracing';
import { targetOf } from './targets';

/**
 * Every request followed from its first byte (its log line, its metrics and its span, `exchange.ts`),
 * and refused before routing when it is not one the site answers: a malformed Host or address, or a
 * method no route takes.
 */
export const requestsPlugin = fp(
  (app, _options, done) => {
    app.decorateRequest('target', null as unknown as never);

    app.addHook('onRequest', async (request, reply) => {
      const { raw: req } = request;
      const exchange = observe(req, reply.raw, request.id, request.routeOptions.url ?? '');
      const target = targetOf(req);
      const refuse = (status: number, body: string) => {
        exchange.route = '(refused)';
        return plain(reply, status, body);
      };
      if (!isHost(req.headers.host)) return refuse(400, 'Bad Request: malformed Host header');
      if (!target) return refuse(400, 'Bad Request: malformed address');
      const { method } = req;
      if (method !== 'GET' && method !== 'HEAD' && !(method === 'POST' && target.pathname === REVALIDATE_PATH)) {
        reply.header('Allow', 'GET, HEAD');
        return refuse(405, 'Method Not Allowed');
      }
      // A report's body is read as bytes by its route: its declared type is not Fastify's to refuse (415).
      if (method === 'POST') delete req.headers['content-type'];
      request.target = target;
    });

    // The request's span, a child of the caller's (`traceparent`), around its handler; ended with the answer (`exchange.ts`).
    app.addHook('preHandler', (request, _reply, next) => {
      const exchange = exchangeOf(request.raw);
      if (!isTracing() || exchange.span) return next();
      const caller = propagation.extract(ROOT_CONTEXT, request.headers);
      const span = tracer.startSpan(
        `${request.method} ${request.routeOptions.url ?? ''}`,
        { kind: SpanKind.SERVER },
        caller,
      );
      exchange.span = span;
      traceContext.with(trace.setSpan(caller, span), next);
    });

    // A failure is the server's: logged, and a 500 with nothing of it said.
    app.setErrorHandler((error, request, reply) => {
      log.error({ err: error, url: request.url }, `${request.url} failed`);
      return reply.code(500).send();
    });
    done();
  },
  { name: 'requests' },
);
