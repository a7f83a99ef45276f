import type { Core } from '@strapi/strapi';

/** What a route lets the public do, as its own config declares it (`publicRead`, `publicWrite`). */
export interface PublicUse {
  kind: 'read' | 'write';
  /** What one request of it costs, before its query adds to it. */
  cost: number;
}

const PUBLIC_USE = Symbol('public use');

type DeclaringMiddleware = Core.MiddlewareHandler & { [PUBLIC_USE]?: PublicUse };

export const declaring = (use: PublicUse, handler: Core.MiddlewareHandler): DeclaringMiddleware =>
  Object.assign(handler, { [PUBLIC_USE]: use });

/** What a route's config declares the public may do with it; nothing for a route it does not open. */
export function publicUseOf(route: { config?: Core.RouteConfig }): PublicUse | undefined {
  for (const middleware of route.config?.middlewares ?? []) {
    const use = typeof middleware === 'function' ? (middleware as DeclaringMiddleware)[PUBLIC_USE] : undefined;
    if (use) return use;
  }
  return undefined;
}
