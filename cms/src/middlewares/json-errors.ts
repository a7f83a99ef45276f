import createError from 'http-errors';
import type { Context, Next } from 'koa';

/**
 * Some refusals of the content API come from the router as plain text (405 Method Not Allowed);
 * every answer under /api that is an error gets Strapi's JSON error shape instead.
 */
export default () => async (ctx: Context, next: Next) => {
  await next();
  const isPlainError =
    ctx.status >= 400 && (ctx.body === undefined || ctx.body === null || typeof ctx.body === 'string');
  if (isPlainError && ctx.path.startsWith('/api/')) {
    const { status, name, message } = createError(ctx.status);
    ctx.body = { data: null, error: { status, name, message, details: {} } };
    ctx.status = status;
  }
};
