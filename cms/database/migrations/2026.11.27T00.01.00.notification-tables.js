// @ts-check
/**
 * The notices waiting to be emailed, and per kind of notice its sender's state
 * (src/lib/notifications.ts). A database the CMS made them in at start, before there were
 * migrations, keeps them and their rows.
 *
 * @param {import('knex').Knex} knex
 * @returns {Promise<void>}
 */
async function up(knex) {
  if (!(await knex.schema.hasTable('notification_queue'))) {
    await knex.schema.createTable('notification_queue', (table) => {
      table.increments('id');
      table.string('kind', 20).notNullable();
      table.text('payload').notNullable();
      table.bigInteger('created_at').notNullable();
      table.index(['kind', 'id']);
    });
  }
  if (!(await knex.schema.hasTable('notification_senders'))) {
    // One row per kind: when its last email went, its failures, and which process holds it.
    await knex.schema.createTable('notification_senders', (table) => {
      table.string('kind', 20).primary();
      table.bigInteger('last_sent_at').notNullable().defaultTo(0);
      table.integer('attempts').notNullable().defaultTo(0);
      table.bigInteger('next_attempt_at').notNullable().defaultTo(0);
      table.string('lease_owner', 100).nullable();
      table.bigInteger('lease_until').notNullable().defaultTo(0);
    });
  }
}

module.exports = { up };
