import createError from 'http-errors';
import type { Context, Next } from 'koa';

/** Under the content API's prefix, in any letter case, as its router takes it. */
const UNDER_API = /^\/api(\/|$)/i;

/**
 * Some refusals of the content API come from the router as plain text (405 Method Not Allowed);
 * every answer under /api (/API…) that is an error gets Strapi's JSON error shape instead.
 */
export default () => async (ctx: Context, next: Next) => {
  await next();
  const isPlainError =
    ctx.status >= 400 && (ctx.body === undefined || ctx.body === null || typeof ctx.body === 'string');
  if (isPlainError && UNDER_API.test(ctx.path)) {
    const { status, name, message } = createError(ctx.status);
    ctx.body = { data: null, error: { status, name, message, details: {} } };
    ctx.status = status;
  }
};
