import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { isPublicRead } from '../lib/public-read';

/**
 * The public reads published content only. Strapi's `status=draft` would answer drafts (never
 * published ones, and unpublished edits of published ones, down to populated relations) to anyone
 * the read permission covers, so a read without credentials that asks for anything but published
 * content is refused.
 */
export default () => async (ctx: Context, next: Next) => {
  const { status } = ctx.query;
  if (isPublicRead(ctx) && status !== undefined && status !== 'published') {
    throw new errors.ValidationError('Only published content is public: leave out status or send status=published.');
  }
  await next();
};
