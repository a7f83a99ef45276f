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
 * counted at that cost (a refused query at the most a request may cost), and started in turn
 * with other clients' requests; the render servers' own requests are not counted. Without credentials, it asks
 * for published content only.
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
    const queryCost = () => {
      const cost = readCost(ctx.query, reached.use?.cost ?? 1);
      if (!ctx.get('authorization')) onlyPublished(ctx.query);
      return cost;
    };
    if (api.isRenderServer(ctx)) {
      queryCost();
      await next();
      return;
    }
    const client = api.clientOf(ctx);
    let cost: number;
    try {
      cost = queryCost();
    } catch (error) {
      if (error instanceof errors.ValidationError) await api.requests.take(ctx, client, QUERY_BOUNDS.maxCost);
      throw error;
    }
    await api.requests.take(ctx, client, cost);
    await api.turns.turn(client);
    await next();
  };
