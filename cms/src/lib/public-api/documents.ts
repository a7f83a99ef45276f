import type { Core } from '@strapi/strapi';
import { contentTypes, errors } from '@strapi/utils';
import type { Context } from 'koa';
import { onlyPublished } from './query-cost';
import { isAuthor } from './routes';

const READS = new Set(['findMany', 'findFirst', 'findOne', 'count']);

/** What a request of the public may write through the documents: a comment or a contact message, created. */
const PUBLIC_CREATES = new Set(['api::comment.comment', 'api::contact-me-form.contact-me-form']);

/** A request Strapi routed to its content API, without an author's credentials. */
function isPublicRequest(ctx: Context | undefined): boolean {
  const route = ctx?.state.route as { info?: { type?: string } } | undefined;
  return route?.info?.type === 'content-api' && !isAuthor(ctx);
}

/**
 * The last word on what the public reads and writes, whatever route or controller asks: every
 * document read for a content-API request without an author's credentials is of published
 * content (a draft is never read, down to the relations it populates), and it writes nothing but
 * a new comment or contact message. The author's own work (the admin panel, API tokens, the
 * CMS's own jobs) is not a content-API request of the public, and is left as it is.
 */
export function keepDocumentsPublic(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (!isPublicRequest(strapi.requestContext.get())) return next();
    if (READS.has(context.action)) {
      const params = (context.params ?? {}) as Record<string, unknown>;
      onlyPublished(params);
      if (contentTypes.hasDraftAndPublish(context.contentType)) context.params = { ...params, status: 'published' };
      return next();
    }
    if (context.action === 'create' && PUBLIC_CREATES.has(context.uid)) return next();
    throw new errors.ForbiddenError(`The public may not ${context.action} ${context.uid}.`);
  });
}
