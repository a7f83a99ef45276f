import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { queueNotice } from '../../../lib/notifications';
import { oneLineFields, publicTextFields } from '../../../lib/public-input';
import { parseVote, type Vote } from '../../../lib/vote';

const UID = 'api::comment.comment';
const APPROVED = { approve_comment: true };

/** The comment service's own method, which Strapi's types do not know. */
interface CommentService {
  applyVote(documentId: string, vote: Vote): Promise<Record<string, unknown> | null>;
}

/** The address's documentId (Strapi types a route's parameters loosely). */
const documentIdOf = (ctx: Context) => (ctx.params as { id: string }).id;

export default factories.createCoreController(UID, ({ strapi }) => ({
  // The public only ever sees approved comments, whatever filters it sends.
  find(ctx) {
    const { filters } = ctx.query;
    ctx.query = { ...ctx.query, filters: filters ? { $and: [filters, APPROVED] } : APPROVED };
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- Strapi types the core controller's own actions as any
    return super.find(ctx);
  },

  async findOne(ctx) {
    await this.validateQuery(ctx);
    const query = await this.sanitizeQuery(ctx);
    const comment = await strapi
      .documents(UID)
      .findFirst({ ...query, filters: { documentId: documentIdOf(ctx), ...APPROVED } });
    if (!comment) throw new errors.NotFoundError('Comment not found');
    return this.transformResponse(await this.sanitizeOutput(comment, ctx));
  },

  // A new comment waits for the author's approval, with no votes; the author is told by email.
  async create(ctx) {
    const fields = oneLineFields(publicTextFields(ctx.request.body, ['name', 'comment', 'article'] as const), [
      'name',
      'article',
    ] as const);
    const comment = await strapi.documents(UID).create({
      data: { ...fields, approve_comment: false, like: '0', dislike: '0' },
    });
    await queueNotice(strapi, 'comment', {
      ...fields,
      documentId: comment.documentId,
      createdAt: String(comment.createdAt),
    });
    return this.transformResponse(await this.sanitizeOutput(comment, ctx));
  },

  // The public may only vote: one step on like or dislike, applied atomically.
  async update(ctx) {
    const vote = parseVote(ctx.request.body, ctx.get('x-vote-base'));
    const comment = await (strapi.service(UID) as unknown as CommentService).applyVote(documentIdOf(ctx), vote);
    if (!comment) throw new errors.NotFoundError('Comment not found');
    return this.transformResponse(await this.sanitizeOutput(comment, ctx));
  },
}));
