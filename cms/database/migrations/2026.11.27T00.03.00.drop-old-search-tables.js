// @ts-check
/**
 * The database-side search index's tables (an FTS5 table on SQLite, a tsvector one on PostgreSQL,
 * and its words), which the index in the CMS's memory replaced: nothing reads them now.
 *
 * @param {import('knex').Knex} knex
 * @returns {Promise<void>}
 */
async function up(knex) {
  for (const table of ['article_search', 'article_search_words']) await knex.schema.dropTableIfExists(table);
}

module.exports = { up };
