import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { isPublicWrite } from '../lib/public-write';

/**
 * Browsers send Origin with every cross-site write; a write from a page that is not one of the
 * site's origins is refused outright instead of merely being unreadable to it (CORS).
 */
export default (config: { origins: string[] }) => async (ctx: Context, next: Next) => {
  const origin = ctx.get('origin');
  if (origin && isPublicWrite(ctx) && !config.origins.includes(origin)) {
    throw new errors.ForbiddenError(`Writes are accepted only from the site's own pages, not from ${origin}.`);
  }
  await next();
};
