import createKnex, { type Knex } from 'knex';
import type { StrapiProcess } from './strapi-process';

/** The CMS's database, read directly. */
export function databaseOf(cms: StrapiProcess): Knex {
  return cms.database.DATABASE_URL
    ? createKnex({ client: 'pg', connection: cms.database.DATABASE_URL })
    : createKnex({
        client: 'better-sqlite3',
        connection: { filename: cms.database.DATABASE_FILENAME },
        useNullAsDefault: true,
      });
}
