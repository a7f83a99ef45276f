import type { Knex } from 'knex';

/**
 * The database-side search index's tables (an FTS5 table on SQLite, a tsvector one on PostgreSQL,
 * and its words), which the index in the CMS's memory replaced: nothing reads them now.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['article_search', 'article_search_words']) await knex.schema.dropTableIfExists(table);
}
