import type { Context } from 'koa';

/** A read of the content API without credentials: what anonymous visitors (and caches) send. */
export function isPublicRead(ctx: Context): boolean {
  return (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.path.startsWith('/api/') && !ctx.get('authorization');
}
