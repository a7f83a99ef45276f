import { factories } from '@strapi/strapi';
import type { Vote } from '../../../lib/vote';

const UID = 'api::comment.comment';

export default factories.createCoreService(UID, ({ strapi }) => ({
  /**
   * Moves an approved comment's count by one step in a single UPDATE, so concurrent votes never
   * overwrite each other; a count never goes below zero. Resolves to null when no approved comment
   * has that documentId.
   */
  async applyVote(documentId: string, { field, step }: Vote) {
    const { tableName, attributes } = strapi.db.metadata.get(UID);
    const column = (name: string) => (attributes[name] as { columnName?: string }).columnName ?? name;
    const db = strapi.db.connection;
    const changed = await db(tableName)
      .where({ [column('documentId')]: documentId, [column('approve_comment')]: true })
      .update({
        [column(field)]: db.raw('CAST(MAX(CAST(?? AS INTEGER) + CAST(? AS INTEGER), 0) AS TEXT)', [column(field), step]),
        [column('updatedAt')]: Date.now(),
      });
    if (changed === 0) return null;
    return strapi.documents(UID).findFirst({ filters: { documentId, approve_comment: true } });
  },
}));
