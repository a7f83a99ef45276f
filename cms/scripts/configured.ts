import fs from 'fs';
import path from 'path';
import createKnex, { type Knex } from 'knex';
import databaseConfig from '../config/database';

/** The cms folder (these scripts run from cms/dist/scripts). */
export const CMS_DIR = path.resolve(__dirname, '..', '..');

/** Like Strapi, the variables of cms/.env, for a script run outside Strapi. */
export function loadCmsEnv(): void {
  const envFile = path.join(CMS_DIR, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
}

/** How the CMS is configured to reach its database (config/database.ts). */
export function databaseSettings() {
  return databaseConfig().connection as Knex.Config & { client: string };
}

/** A Knex on the database the CMS is configured with. */
export function configuredDatabase(): Knex {
  const { client, ...options } = databaseSettings();
  const schema = (options.connection as { schema?: string }).schema;
  return createKnex({ ...options, client: client === 'sqlite' ? 'better-sqlite3' : 'pg', searchPath: schema });
}

/** A Knex on another SQLite file (a backup's copy), with the CMS's driver. */
export function sqliteDatabase(filename: string): Knex {
  return createKnex({ client: 'better-sqlite3', connection: { filename }, useNullAsDefault: true });
}
