import type { Context } from 'koa';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A write to the content API: what anonymous visitors can send (the admin panel lives elsewhere). */
export function isPublicWrite(ctx: Context): boolean {
  return !READ_METHODS.has(ctx.method) && (ctx.path === '/api' || ctx.path.startsWith('/api/'));
}
