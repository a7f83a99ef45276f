import { Stream } from 'node:stream';
import { factories, type Core, type UID } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { PREPARED_ANSWER, prepareAnswer, type PreparedAnswer } from './prepared-answer';
import { publicApi } from './state';
import { declaring } from './use';

/** The part of a route's config that opens it to the public. */
export interface PublicRouteConfig {
  middlewares: Core.MiddlewareHandler[];
}

/** The strategy of Strapi's admin that authenticates a content-API request by an API token. */
const API_TOKEN_STRATEGY = 'content-api-token';

/** Whether the request carries an author's credentials (an API token), as Strapi has checked them. */
export const isAuthor = (ctx: Context) =>
  (ctx.state.auth as { strategy?: { name?: string } } | undefined)?.strategy?.name === API_TOKEN_STRATEGY;

/**
 * A route's config that opens it to the public for reading, at `cost` points of a client's limit
 * (a search costs more than a read of one page). Its answers to the public may be kept briefly by
 * browsers and CDNs, and revalidated for the price of a hash: a strong ETag of the JSON answered
 * lets an unchanged answer go back as a 304 with no body. Errors and reads with an author's
 * credentials get no caching headers.
 */
export function publicRead({ cost = 1 }: { cost?: number } = {}): PublicRouteConfig {
  const handler = async (ctx: Context, next: Next) => {
    await next();
    const { body } = ctx;
    const prepared = ctx.state[PREPARED_ANSWER] as PreparedAnswer | undefined;
    const isJson =
      prepared !== undefined ||
      (typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && !(body instanceof Stream));
    if (isAuthor(ctx) || ctx.status !== 200 || !isJson) return;
    const { maxAge, staleWhileRevalidate } = publicApi(strapi).options.cache;
    // Serialized once, here (or once for all its readers by the route): the hash is of exactly the bytes sent.
    const { json, etag } = prepared ?? prepareAnswer(body);
    ctx.body = json;
    ctx.type = 'application/json';
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', `public, max-age=${maxAge}, stale-while-revalidate=${staleWhileRevalidate}`);
    if (matches(ctx.get('if-none-match'), etag)) ctx.status = 304;
  };
  return { middlewares: [declaring({ kind: 'read', cost }, handler)] };
}

/**
 * A route's config that takes the public's writes: JSON bodies only, at most `WRITE_MAX_BYTES`
 * (read before the route: `global::public-body`), from the site's own pages only, and at most
 * `WRITE_RATE_LIMIT` a client in each window.
 */
export function publicWrite(): PublicRouteConfig {
  const handler = async (ctx: Context, next: Next) => {
    if (!isAuthor(ctx)) {
      const api = publicApi(strapi);
      // Browsers send Origin with every cross-site write: one from another site's page is refused
      // outright, instead of merely being unreadable to it (CORS). A PolicyError's message reaches the client.
      const origin = ctx.get('origin');
      if (origin && !api.options.siteOrigins.includes(origin)) {
        throw new errors.PolicyError(`Writes are accepted only from the site's own pages, not from ${origin}.`);
      }
      await api.writes.take(ctx, api.clientOf(ctx), 1);
    }
    await next();
  };
  return { middlewares: [declaring({ kind: 'write', cost: 1 }, handler)] };
}

/**
 * RFC 9110's If-None-Match: `*`, or a list of tags compared weakly. Unlike Koa's `ctx.fresh`, a
 * request's `Cache-Control: no-cache` does not prevent the 304: a client that sends a tag asks for
 * exactly this check (Node's fetch sends both).
 */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A content type's core routes that the public reads (`find` and `findOne`), and no other. */
export const publicReadRouter = (uid: UID.ContentType) =>
  factories.createCoreRouter(uid, {
    only: ['find', 'findOne'],
    config: { find: publicRead(), findOne: publicRead() },
  });
