import path from 'path';
import type { Core } from '@strapi/strapi';
import { DATABASE, LEGACY_DATABASE, moveDatabase } from '../src/lib/data-folder';
import { cmsSettings, type CmsSettings } from '../src/settings';

interface SqliteConnection {
  function(name: string, options: { deterministic: boolean }, implementation: (value: unknown) => unknown): void;
}

/**
 * SQLite's own lower() folds ASCII letters only; on every new connection it is replaced by
 * JavaScript's, so that case-insensitive searches (`LOWER(column) LIKE …`) work for any script, as
 * PostgreSQL's lower() does under a UTF-8 locale.
 */
function unicodeLower(connection: unknown, done: (error?: Error, connection?: unknown) => void) {
  (connection as SqliteConnection).function('lower', { deterministic: true }, (value) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  done(undefined, connection);
}

/** Relative names resolve from the cms folder (this file runs from cms/dist/config). */
const fromCms = (name: string) => path.resolve(__dirname, '..', '..', name);

/**
 * The SQLite file: DATABASE_FILENAME, or by default `data/content.db`, where a database left in
 * the old default place (`.tmp/data.db`) is moved the first time it is looked for.
 */
export function sqliteFile(settings: CmsSettings): string {
  const named = settings.DATABASE_FILENAME;
  if (named) return fromCms(named);
  moveDatabase(fromCms(LEGACY_DATABASE), fromCms(DATABASE), (line) => console.log(line));
  return fromCms(DATABASE);
}

/** The folder of the site's own data: the SQLite file's, or `data/` beside it on PostgreSQL. */
export const dataDir = (settings: CmsSettings) =>
  settings.DATABASE_CLIENT === 'sqlite' ? path.dirname(sqliteFile(settings)) : fromCms('data');

/**
 * SQLite is the embedded default (one CMS process). PostgreSQL (DATABASE_CLIENT=postgres, the only
 * other the settings take) serves several CMS processes behind one address, configured by Strapi's
 * conventional variables.
 */
const config = (): Core.Config.Database => {
  const settings = cmsSettings();
  const client = settings.DATABASE_CLIENT;
  const acquireConnectionTimeout = settings.DATABASE_CONNECTION_TIMEOUT;
  if (client === 'sqlite') {
    return {
      connection: {
        client,
        connection: { filename: sqliteFile(settings) },
        useNullAsDefault: true,
        acquireConnectionTimeout,
        pool: { afterCreate: unicodeLower },
      },
    };
  }
  const ssl = settings.DATABASE_SSL && {
    rejectUnauthorized: settings.DATABASE_SSL_REJECT_UNAUTHORIZED,
    ca: settings.DATABASE_SSL_CA,
  };
  return {
    connection: {
      client,
      connection: {
        connectionString: settings.DATABASE_URL,
        host: settings.DATABASE_HOST,
        port: settings.DATABASE_PORT,
        database: settings.DATABASE_NAME,
        user: settings.DATABASE_USERNAME,
        password: settings.DATABASE_PASSWORD,
        ssl,
        schema: settings.DATABASE_SCHEMA,
      },
      pool: { min: settings.DATABASE_POOL_MIN, max: settings.DATABASE_POOL_MAX },
      acquireConnectionTimeout,
    },
  };
};

export default config;
