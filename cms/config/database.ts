import path from 'path';
import type { Core } from '@strapi/strapi';
import { DATABASE, LEGACY_DATABASE, moveDatabase } from '../src/lib/data-folder';

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

type Env = Core.Config.Shared.ConfigParams['env'];

/** Relative names resolve from the cms folder (this file runs from cms/dist/config). */
const fromCms = (name: string) => path.resolve(__dirname, '..', '..', name);

/**
 * The SQLite file: DATABASE_FILENAME, or by default `data/content.db`, where a database left in
 * the old default place (`.tmp/data.db`) is moved the first time it is looked for.
 */
export function sqliteFile(env: Env): string {
  const named = env('DATABASE_FILENAME', '');
  if (named) return fromCms(named);
  moveDatabase(fromCms(LEGACY_DATABASE), fromCms(DATABASE), (line) => console.log(line));
  return fromCms(DATABASE);
}

/** The folder of the site's own data: the SQLite file's, or `data/` beside it on PostgreSQL. */
export const dataDir = (env: Env) =>
  env('DATABASE_CLIENT', 'sqlite') === 'sqlite' ? path.dirname(sqliteFile(env)) : fromCms('data');

/**
 * The migrations of database/migrations are TypeScript: Strapi runs them as compiled, from
 * dist/database/migrations (the tsconfig's outDir), each once, before it syncs its own tables.
 */
const settings = { useTypescriptMigrations: true };

/**
 * SQLite is the embedded default (one CMS process). PostgreSQL serves several CMS processes behind
 * one address, configured by Strapi's conventional variables.
 */
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  const acquireConnectionTimeout = env.int('DATABASE_CONNECTION_TIMEOUT', 60000);
  if (client === 'sqlite') {
    return {
      connection: {
        client,
        connection: { filename: sqliteFile(env) },
        useNullAsDefault: true,
        acquireConnectionTimeout,
        pool: { afterCreate: unicodeLower },
      },
      settings,
    };
  }
  if (client === 'postgres') {
    const ssl = env.bool('DATABASE_SSL', false) && {
      rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true),
      ca: env('DATABASE_SSL_CA', undefined),
    };
    return {
      connection: {
        client,
        connection: {
          connectionString: env('DATABASE_URL', undefined),
          host: env('DATABASE_HOST', 'localhost'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'strapi'),
          user: env('DATABASE_USERNAME', 'strapi'),
          password: env('DATABASE_PASSWORD', 'strapi'),
          ssl,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout,
      },
      settings,
    };
  }
  throw new Error(`DATABASE_CLIENT=${client}: use sqlite (the default) or postgres.`);
};

export default config;
