import { errors } from '@strapi/utils';
import type { Context, Next } from 'koa';
import { isPublicWrite } from '../lib/public-write';

/** Public writes are short texts; a larger body is refused before it is read. */
export default (config: { maxBytes: number }) => async (ctx: Context, next: Next) => {
  if (isPublicWrite(ctx) && (ctx.request.length ?? 0) > config.maxBytes) {
    throw new errors.PayloadTooLargeError(`The request body is larger than ${config.maxBytes} bytes.`);
  }
  await next();
};
