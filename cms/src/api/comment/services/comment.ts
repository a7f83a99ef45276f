import { factories } from '@strapi/strapi';
import createError from 'http-errors';
import type { Vote } from '../../../lib/vote';

const UID = 'api::comment.comment';
const APPROVED = { approve_comment: true };

export default factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Applies a vote to an approved comment in a single UPDATE (portable SQL: SQLite and PostgreSQL),
   * so concurrent votes never overwrite each other and a count never goes below zero. Resolves to
   * null when no approved comment has that documentId; a compare-and-set vote whose count is not
   * one step from the stored one is a 409 carrying the current count.
   */
  async applyVote(documentId: string, vote: Vote) {
    const { tableName, attributes } = strapi.db.metadata.get(UID);
    const column = (name: string) => (attributes[name] as { columnName?: string }).columnName ?? name;
    const db = strapi.db.connection;
    const stored = db.raw('CAST(?? AS INTEGER)', [column(vote.field)]);
    const approved = db(tableName).where({ [column('documentId')]: documentId, [column('approve_comment')]: true });
    const updatedAt = { [column('updatedAt')]: new Date() };
    let changed: number;
    if ('step' in vote) {
      // Bound numbers may reach SQLite as floating point: the arithmetic is kept on integers.
      const moved = db.raw('CAST(? AS INTEGER) + ?', [vote.step, stored]);
      changed = await approved.update({
        [column(vote.field)]: db.raw('CAST(CASE WHEN ? < 0 THEN 0 ELSE ? END AS TEXT)', [moved, moved]),
        ...updatedAt,
      });
    } else {
      changed = await approved
        .whereRaw('? IN (?, ?)', [stored, vote.count - 1, vote.count + 1])
        .update({ [column(vote.field)]: String(vote.count), ...updatedAt });
    }
    const comment = await strapi.documents(UID).findFirst({ filters: { documentId, ...APPROVED } });
    if (changed === 0 && comment) {
      const current = String(comment[vote.field]);
      throw createError(409, `The ${vote.field} count is ${current} now; vote again from it.`, {
        details: { [vote.field]: current },
      });
    }
    // The vote's UPDATE goes around the document service, which emits no event for it.
    if (comment) await strapi.eventHub.emit('comment.vote', { uid: UID, entry: comment });
    return comment;
  },
}));
