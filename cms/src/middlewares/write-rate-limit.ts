import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { isPublicWrite } from '../lib/public-write';

interface Window {
  startedAt: number;
  count: number;
}

/**
 * At most `max` public writes per client address in each window of `windowSeconds`
 * (fixed windows, kept in memory: one CMS process serves the site).
 */
export default (config: { max: number; windowSeconds: number }) => {
  const windowMs = config.windowSeconds * 1000;
  const windows = new Map<string, Window>();

  return async (ctx: Context, next: Next) => {
    if (!isPublicWrite(ctx)) return next();
    const now = Date.now();
    let current = windows.get(ctx.ip);
    if (!current || now - current.startedAt >= windowMs) {
      if (windows.size > 10_000) forgetExpired(windows, now, windowMs);
      current = { startedAt: now, count: 0 };
      windows.set(ctx.ip, current);
    }
    current.count += 1;
    if (current.count > config.max) {
      const retryAfter = Math.ceil((current.startedAt + windowMs - now) / 1000);
      ctx.set('Retry-After', String(retryAfter));
      throw new errors.RateLimitError(`Too many writes; try again in ${retryAfter} s.`, { retryAfter });
    }
    return next();
  };
};

function forgetExpired(windows: Map<string, Window>, now: number, windowMs: number) {
  for (const [ip, window] of windows) {
    if (now - window.startedAt >= windowMs) windows.delete(ip);
  }
}
