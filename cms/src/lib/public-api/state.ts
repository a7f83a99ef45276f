import { createHash, timingSafeEqual } from 'node:crypto';
import { RENDER_SERVER_TOKEN_HEADER, clientOf } from '@blog/server-kit';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ClientTurns, clientLimit, type ClientLimit } from './limits';
import type { PublicApiOptions } from './options';
import { publicUseOf, type PublicUse } from './use';

/** The route of the content API a request reaches, as Strapi's router will dispatch it, and what it lets the public do. */
export interface ReachedRoute {
  /** Its path as declared, under the API's prefix (`/api/comments/:id`). */
  path: string;
  /** Nothing when the route is not open to the public (Strapi's permissions then refuse the public). */
  use?: PublicUse;
}

/** The content API's door in this process: its settings, its limits, and the routes it guards. */
export interface PublicApi {
  options: PublicApiOptions;
  requests: ClientLimit;
  writes: ClientLimit;
  /** Each client's requests, started in turn with everyone else's. */
  turns: ClientTurns;
  /** Who a request comes from, as the limits count it (the render server's rule: `@blog/server-kit`). */
  clientOf(ctx: Context): string;
  /** Whether the request carries the render servers' own token. */
  isRenderServer(ctx: Context): boolean;
  /** The route `method` and `path` reach, decided by Strapi's own router, whatever their spelling. */
  reached(method: string, path: string): ReachedRoute | undefined;
}

/** A route of Strapi's router (`@koa/router`'s Layer). */
interface Layer {
  path: string;
  methods: string[];
  match(path: string): boolean;
}

interface ApiRouters {
  routes?: Record<string, { routes?: { method: string; path: string; config?: Core.RouteConfig }[] }>;
}

const made = new WeakMap<Core.Strapi, PublicApi>();

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The routes of the content API, each with what it lets the public do: read off Strapi's router once it has them. */
function routesOf(strapi: Core.Strapi): (method: string, path: string) => ReachedRoute | undefined {
  let table: { layers: Layer[]; uses: Map<string, PublicUse> } | undefined;
  const read = () => {
    const prefix = strapi.config.get<string>('api.rest.prefix', '/api');
    const uses = new Map<string, PublicUse>();
    for (const api of Object.values(strapi.apis as Record<string, ApiRouters>)) {
      for (const router of Object.values(api.routes ?? {})) {
        for (const route of router.routes ?? []) {
          const use = publicUseOf(route);
          if (use) uses.set(`${route.method} ${prefix}${route.path}`, use);
        }
      }
    }
    return { layers: strapi.server.api('content-api').listRoutes() as unknown as Layer[], uses };
  };
  return (method, path) => {
    table ??= read();
    // The first route that takes the request is the one the router runs, as it does.
    const layer = table.layers.find((each) => each.methods.includes(method) && each.match(path));
    if (!layer) return undefined;
    return { path: layer.path, use: table.uses.get(`${method === 'HEAD' ? 'GET' : method} ${layer.path}`) };
  };
}

/** The content API's door of this CMS process, made at its first use. */
export function publicApi(strapi: Core.Strapi): PublicApi {
  const known = made.get(strapi);
  if (known) return known;
  const options = strapi.config.get<PublicApiOptions>('public-api');
  const token = options.renderServerToken ? digest(options.renderServerToken) : undefined;
  const api: PublicApi = {
    options,
    requests: clientLimit(strapi, 'requests', options.requests, options.store),
    writes: clientLimit(strapi, 'writes', options.writes, options.store),
    turns: new ClientTurns(),
    clientOf: (ctx) => clientOf(ctx.req.socket.remoteAddress, ctx.get('x-forwarded-for'), options.proxyHops),
    // Compared as hashes, in constant time: the token's length or its first letters tell nothing.
    isRenderServer: (ctx) => {
      const given = ctx.get(RENDER_SERVER_TOKEN_HEADER);
      return token !== undefined && given !== '' && timingSafeEqual(digest(given), token);
    },
    reached: routesOf(strapi),
  };
  made.set(strapi, api);
  return api;
}

/** Where the door leaves the route a request reaches (`ctx.state`), for the body parser and the request's log. */
export const REACHED_ROUTE = 'reachedRoute';

/** The route the door found the request reaches, if any. */
export const reachedRoute = (ctx: Context) => ctx.state[REACHED_ROUTE] as ReachedRoute | undefined;

/** A write the public may make (whoever sends it), as the route it reaches declares. */
export const isPublicWrite = (ctx: Context) => reachedRoute(ctx)?.use?.kind === 'write';
