import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { QUERY_BOUNDS, onlyPublished, readCost } from '../lib/public-api/query-cost';
import { REACHED_ROUTE, publicApi } from '../lib/public-api/state';

/**
 * The content API's door, before anything of a request is parsed, authenticated or run. The
 * route it reaches is found with Strapi's own router, so every spelling of an address (any
 * letter case, a trailing slash) gets the verdict of the route it reaches, and one that reaches
 * none is left to the router's 404. Its query is held to the bounds and costed, and its client
 * counted at that cost (a refused query at the most a request may cost); the render servers'
 * own requests are not counted. Without credentials, it asks for published content only.
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next): Promise<void> => {
    const api = publicApi(strapi);
    const reached = api.reached(ctx.method, ctx.path);
    if (!reached) {
      await next();
      return;
    }
    ctx.state[REACHED_ROUTE] = reached;
    const counted = !api.isRenderServer(ctx);
    let cost: number;
    try {
      cost = readCost(ctx.query, reached.use?.cost ?? 1);
      if (!ctx.get('authorization')) onlyPublished(ctx.query);
    } catch (error) {
      if (counted && error instanceof errors.ValidationError)
        await api.requests.take(ctx, api.clientOf(ctx), QUERY_BOUNDS.maxCost);
      throw error;
    }
    if (counted) await api.requests.take(ctx, api.clientOf(ctx), cost);
    await next();
  };
