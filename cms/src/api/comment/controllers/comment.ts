import { factories } from '@strapi/strapi';
import { publicTextFields } from '../../../lib/public-input';
import { parseVote } from '../../../lib/vote';

const UID = 'api::comment.comment';
const APPROVED = { approve_comment: true };

export default factories.createCoreController(UID, ({ strapi }) => ({
  // The public only ever sees approved comments, whatever filters it sends.
  async find(ctx) {
    const filters = ctx.query.filters;
    ctx.query = { ...ctx.query, filters: filters ? { $and: [filters, APPROVED] } : APPROVED };
    return super.find(ctx);
  },

  async findOne(ctx) {
    await this.validateQuery(ctx);
    const query = await this.sanitizeQuery(ctx);
    const comment = await strapi
      .documents(UID)
      .findFirst({ ...query, filters: { documentId: ctx.params.id, ...APPROVED } });
    if (!comment) return ctx.notFound('Comment not found');
    return this.transformResponse(await this.sanitizeOutput(comment, ctx));
  },

  // A new comment waits for the author's approval, with no votes.
  async create(ctx) {
    const fields = publicTextFields(ctx.request.body, ['name', 'comment', 'article'] as const);
    const comment = await strapi.documents(UID).create({
      data: { ...fields, approve_comment: false, like: '0', dislike: '0' },
    });
    return this.transformResponse(await this.sanitizeOutput(comment, ctx));
  },

  // The public may only vote: one step on like or dislike, applied atomically.
  async update(ctx) {
    const vote = parseVote(ctx.request.body, ctx.get('x-vote-base'));
    const comment = await strapi.service(UID).applyVote(ctx.params.id, vote);
    if (!comment) return ctx.notFound('Comment not found');
    return this.transformResponse(await this.sanitizeOutput(comment, ctx));
  },
}));
