import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import parse from 'co-body';
import createError from 'http-errors';
import type { Context, Next } from 'koa';
import { isPublicWrite, publicApi } from '../lib/public-api/state';

/**
 * The body of a public write, read before Strapi's parser would: JSON only (a form or a multipart
 * body, which any site's HTML form can send, gets 415 and is never read), and its bytes counted as
 * they are read, whatever the framing (a chunked body says no length to check beforehand).
 */
export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async (ctx: Context, next: Next): Promise<void> => {
    if (!isPublicWrite(ctx)) {
      await next();
      return;
    }
    ctx.request.body = await publicBody(ctx, publicApi(strapi).options.writeMaxBytes);
    // Read: the request says it has no body left, so `strapi::body` (which Strapi requires in the
    // chain) does not try to read it again.
    delete ctx.req.headers['content-length'];
    delete ctx.req.headers['transfer-encoding'];
    await next();
  };

async function publicBody(ctx: Context, maxBytes: number): Promise<unknown> {
  const json = ctx.is('application/json');
  if (json === null) return undefined;
  if (json === false)
    throw createError(415, 'Public writes take JSON only: send Content-Type: application/json.', { details: {} });
  try {
    return await parse.json(ctx, { limit: maxBytes, strict: true });
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 413) throw new errors.PayloadTooLargeError(`The request body is larger than ${maxBytes} bytes.`);
    if (status === 400) throw new errors.ValidationError('The request body is not valid JSON.');
    throw error;
  }
}
