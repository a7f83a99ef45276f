// @ts-check
/**
 * rate-limiter-flexible's own statement on each database: it made this table itself before, so
 * a database it made the table in and a new one hold the same table.
 */
const CREATE_CLIENT_LIMITS = {
  postgres:
    'CREATE TABLE IF NOT EXISTS client_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)',
  sqlite:
    'CREATE TABLE IF NOT EXISTS client_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)',
};

/**
 * The table the limits per client are counted in when they are kept in the database
 * (src/lib/public-api/limits.ts), in place of the one the write limit was counted in before
 * rate-limiter-flexible's, which nothing reads now.
 *
 * @param {import('knex').Knex} knex
 * @param {import('@strapi/strapi').Core.Strapi['db']} db
 * @returns {Promise<void>}
 */
async function up(knex, db) {
  await knex.schema.dropTableIfExists('write_rate_limits');
  await knex.raw(CREATE_CLIENT_LIMITS[db.dialect.client === 'postgres' ? 'postgres' : 'sqlite']);
}

module.exports = { up };
