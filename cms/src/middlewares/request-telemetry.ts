import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { requestMessage, type RequestLogFields } from '../lib/log-format';
import { UNMATCHED_ROUTE, rejectedWrites, rejectionReason, requestDuration } from '../lib/metrics';
import { isPublicWrite } from '../lib/public-api/state';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Outermost: each request is timed by its route template (Koa router's matched route, never the
 * address, so labels stay few), counted when it is a refused public write, and logged as one
 * line with its request id and trace id. It replaces `strapi::logger`, whose line has neither.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next): Promise<void> => {
    const startedAt = process.hrtime.bigint();
    // A proxy's id is kept so that its log and ours join; anything odd is replaced.
    const given = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', requestId);
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      const status = failed ? 500 : ctx.status;
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? UNMATCHED_ROUTE;
      requestDuration.observe({ method: ctx.method, route, status: String(status) }, seconds);
      const reason = isPublicWrite(ctx) ? rejectionReason(status) : undefined;
      if (reason) rejectedWrites.inc({ reason });
      const fields: RequestLogFields = {
        requestId,
        traceId: trace.getActiveSpan()?.spanContext().traceId,
        method: ctx.method,
        route,
        status,
        durationMs: Math.round(seconds * 1000),
      };
      strapi.log.http(requestMessage(fields, ctx.url), fields);
    }
  };
