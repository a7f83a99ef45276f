import type { Core } from '@strapi/strapi';
import type { hooks } from '@strapi/utils';
import { readModelSchema } from './read-model';

/**
 * The indexes the read model's queries use, on Strapi's content tables. Not a migration: Strapi
 * runs those before its schema sync, and on a new database the sync is what makes these tables.
 * Nor a content type's `indexes` (experimental in Strapi 5), which cannot say DESC: the lists are
 * ordered by date DESC then id ASC, which only an index in that order answers without sorting.
 * So they are made just after each sync, when missing (Strapi's `content-types.afterSync` hook,
 * where its own plugins do what must follow the sync); the sync leaves indexes it did not make
 * alone. Registered in `register`, before the sync; run under the startup lock.
 */
export function addReadModelIndexesAfterSync(strapi: Core.Strapi): void {
  (strapi.hook('strapi::content-types.afterSync') as hooks.AsyncParallelHook).register(() =>
    addReadModelIndexes(strapi),
  );
}

async function addReadModelIndexes(strapi: Core.Strapi): Promise<void> {
  const db = strapi.db.connection;
  const { articles, comments } = readModelSchema(strapi);
  // The lists' order (newest first, then in publication order) and a year's range of dates.
  await db.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (?? DESC, ??)', [
    `${articles.table}_newest_first_idx`,
    articles.table,
    articles.date,
    articles.id,
  ]);
  // An article's page: Strapi's article list filtered by its title, which without it reads every
  // article (26 ms a read at 20,000 articles, against under 1 ms).
  await db.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (??)', [
    `${articles.table}_title_idx`,
    articles.table,
    articles.title,
  ]);
  // An article's approved comments: Strapi's comment list filtered by title, and the popularity counts.
  await db.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (??, ??)', [
    `${comments.table}_article_approved_idx`,
    comments.table,
    comments.article,
    comments.approved,
  ]);
  // SQLite plans by the statistics ANALYZE gathers, and has none until asked: without them it
  // reads an article's topics through the index of every topic link (41 ms a read at 20,000
  // articles, against under 1 ms), and the search index takes 17 s more to read at start. Gathered
  // at every start, from at most 1,000 rows an index, so that it costs the same at any size
  // (0.3 s at 20,000 articles). PostgreSQL gathers its own (autovacuum).
  if (strapi.db.dialect.client === 'sqlite') {
    await db.raw('PRAGMA analysis_limit = 1000');
    await db.raw('ANALYZE');
  }
}
