import fs from 'fs';
import path from 'path';
import type { Knex } from 'knex';
import { databaseOf } from './support/database';
import { startStrapi, type StrapiProcess } from './support/strapi-process';

/** The migrations the CMS ships, by the names Strapi records them under. */
const MIGRATIONS = fs.readdirSync(path.resolve(__dirname, '..', 'database', 'migrations')).sort();
/** The tables and indexes the CMS's code needs beside Strapi's own. */
const TABLES = ['client_limits', 'notification_queue', 'notification_senders', 'read_model_versions'];
const INDEXES = ['articles_newest_first_idx', 'articles_title_idx', 'comments_article_approved_idx'];
/** Tables of code long replaced, which the CMS dropped at each start before it had migrations. */
const OLD_TABLES = ['article_search', 'article_search_words', 'write_rate_limits'];

/** Reads the CMS's database while the CMS is stopped. */
async function readDatabase<T>(cms: StrapiProcess, read: (database: Knex) => Promise<T>): Promise<T> {
  const database = databaseOf(cms);
  try {
    return await read(database);
  } finally {
    await database.destroy();
  }
}

interface Definition {
  name: string;
  table: string;
  definition: string;
}

/** How the database defines those tables (their columns and indexes) and indexes, by name. */
const schemaOf = (cms: StrapiProcess) =>
  readDatabase(cms, async (database) => {
    const names = [...TABLES, ...INDEXES, ...OLD_TABLES];
    const definitions: Definition[] = [];
    if (cms.database.DATABASE_URL) {
      const columns = await database('information_schema.columns')
        .select<Record<string, string>[]>('table_name', 'column_name', 'data_type', 'is_nullable', 'column_default')
        .whereRaw('table_schema = current_schema()')
        .orderBy(['table_name', 'ordinal_position']);
      for (const { table_name, ...column } of columns) {
        definitions.push({ name: table_name, table: table_name, definition: Object.values(column).join(' ') });
      }
      definitions.push(
        ...(await database('pg_indexes')
          .select<Definition[]>('indexname as name', 'tablename as table', 'indexdef as definition')
          .whereRaw('schemaname = current_schema()')),
      );
    } else {
      definitions.push(
        ...(await database('sqlite_master')
          .select<Definition[]>('name', 'tbl_name as table', 'sql as definition')
          .whereNotNull('sql')),
      );
    }
    const schema: Record<string, string[]> = {};
    for (const { name, table, definition } of definitions) {
      if (names.includes(name) || TABLES.includes(table)) (schema[name] ??= []).push(definition);
    }
    return schema;
  });

/** Strapi's record of the migrations it ran. */
const ranMigrations = (cms: StrapiProcess) =>
  readDatabase(cms, (database) =>
    database('strapi_migrations')
      .select<{ id: number; name: string; time: unknown }[]>('id', 'name', 'time')
      .orderBy('id'),
  );

const versionOf = (database: Knex) => database('read_model_versions').first<{ version: unknown }>('version');

describe('the schema changes of the CMS (database/migrations)', () => {
  it('leave a new database and one the CMS changed before it had migrations alike, each migration run once', async () => {
    let cms = await startStrapi();
    try {
      await cms.stop();
      const fresh = await schemaOf(cms);
      for (const name of [...TABLES, ...INDEXES]) expect(fresh[name]).toBeDefined();
      for (const name of OLD_TABLES) expect(fresh[name]).toBeUndefined();
      const ran = await ranMigrations(cms);
      expect(ran.map(({ name }) => name)).toEqual(MIGRATIONS);

      // A second start runs none of them again.
      cms = await startStrapi({ dataDir: cms.dataDir });
      await cms.stop();
      expect(await ranMigrations(cms)).toEqual(ran);

      // As the CMS left a database before it had migrations: the same tables and indexes (its
      // steps at start made them with the statements the migrations hold), some tables of code
      // long replaced, and Strapi's record of migrations empty.
      const version = await readDatabase(cms, async (database) => {
        await database('strapi_migrations').delete();
        for (const table of OLD_TABLES) await database.schema.createTable(table, (columns) => columns.text('word'));
        return versionOf(database);
      });
      cms = await startStrapi({ dataDir: cms.dataDir });
      await cms.stop();
      expect(await schemaOf(cms)).toEqual(fresh);
      expect((await ranMigrations(cms)).map(({ name }) => name)).toEqual(MIGRATIONS);
      // Its rows are kept: the read model's version goes on from where it was.
      expect(await readDatabase(cms, versionOf)).toEqual(version);
    } finally {
      await cms.stop();
      fs.rmSync(cms.dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
