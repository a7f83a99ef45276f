// @ts-check
/**
 * The read model's version: one row, raised by every change to what it answers
 * (src/lib/read-model-cache.ts). A database the CMS made this table in at start, before there were
 * migrations, keeps it and its version.
 *
 * @param {import('knex').Knex} knex
 * @returns {Promise<void>}
 */
async function up(knex) {
  if (!(await knex.schema.hasTable('read_model_versions'))) {
    await knex.schema.createTable('read_model_versions', (table) => {
      table.integer('id').primary();
      table.bigInteger('version').notNullable();
    });
  }
  await knex('read_model_versions').insert({ id: 1, version: 0 }).onConflict('id').ignore();
}

module.exports = { up };
