import type { Core } from '@strapi/strapi';
import { Client, type ClientConfig } from 'pg';

// Any fixed number: the key of the PostgreSQL advisory lock every CMS process takes while starting.
const STARTUP_LOCK = 4_205_118_431;

/**
 * Several CMS processes may start at once on one PostgreSQL database: each runs the migrations,
 * syncs the schema and seeds an empty database only while it holds this lock, so the schema is
 * changed by one process at a time, each migration runs once and the seed is loaded once.
 * Resolves to the function that lets the lock go. SQLite serves one process, which needs no lock.
 */
export async function takeStartupLock(strapi: Core.Strapi): Promise<() => Promise<void>> {
  const { client, connection } = strapi.config.get<{ client: string; connection: ClientConfig }>('database.connection');
  if (client !== 'postgres') return () => Promise.resolve();
  const lockHolder = new Client(connection);
  await lockHolder.connect();
  await lockHolder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
  return async () => {
    await lockHolder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    await lockHolder.end();
  };
}
