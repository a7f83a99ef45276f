import type { Core } from '@strapi/strapi';
import { readModelSchema } from './read-model';

/**
 * The indexes the read model's queries use, created at every start when missing, on a new or an
 * existing database (Strapi's schema sync leaves indexes it did not create alone).
 */
export async function ensureReadModelIndexes(strapi: Core.Strapi): Promise<void> {
  const db = strapi.db.connection;
  const { articles, comments } = readModelSchema(strapi);
  // The lists' order (newest first, then in publication order) and a year's range of dates.
  await db.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (?? DESC, ??)', [
    `${articles.table}_newest_first_idx`,
    articles.table,
    articles.date,
    articles.id,
  ]);
  // An article's approved comments: Strapi's comment list filtered by title, and the popularity counts.
  await db.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (??, ??)', [
    `${comments.table}_article_approved_idx`,
    comments.table,
    comments.article,
    comments.approved,
  ]);
}
