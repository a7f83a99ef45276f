import { Stream } from 'stream';
import type { Context, Next } from 'koa';
import { PREPARED_ANSWER, isPublicRead, prepareAnswer, type PreparedAnswer } from '../lib/public-read';

export interface PublicCacheConfig {
  maxAge: number;
  staleWhileRevalidate: number;
}

/**
 * Public reads may be kept briefly by browsers and CDNs, and revalidated for the price of a hash: a
 * strong ETag (of the JSON answered) lets an unchanged answer go back as a 304 with no body. Writes,
 * errors and reads with credentials get no caching headers. Placed inside compression, so the hash
 * is of the JSON, whatever encoding each client accepts.
 */
export default (config: PublicCacheConfig) => {
  const cacheControl = `public, max-age=${config.maxAge}, stale-while-revalidate=${config.staleWhileRevalidate}`;
  return async (ctx: Context, next: Next) => {
    await next();
    const { body } = ctx;
    const isJson = typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !(body instanceof Stream);
    if (!isPublicRead(ctx) || ctx.status !== 200 || !isJson) return;
    // Serialized once, here (or once for all its readers by the route): the hash is of exactly the bytes sent.
    const { json, etag } = (ctx.state[PREPARED_ANSWER] as PreparedAnswer | undefined) ?? prepareAnswer(body);
    ctx.body = json;
    ctx.type = 'application/json';
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', cacheControl);
    if (matches(ctx.get('if-none-match'), etag)) ctx.status = 304;
  };
};

/**
 * RFC 9110's If-None-Match: `*`, or a list of tags compared weakly. Unlike Koa's `ctx.fresh`, a
 * request's `Cache-Control: no-cache` does not prevent the 304: a client that sends a tag asks for
 * exactly this check (Node's fetch sends both).
 */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
