import type { Knex } from 'knex';
import { rowsOf } from './rows';

/** One client's current window: it starts at the client's first write and lasts `windowMs`. */
export interface RateWindow {
  startedAt: number;
  hits: number;
}

/** Counts public writes per client, in whatever store the CMS uses. */
export interface RateLimitStore {
  /** Counts one write of `client` at `now` and answers the client's current window. */
  hit(client: string, now: number, windowMs: number): Promise<RateWindow>;
}

const TABLE = 'write_rate_limits';

/** One process: counts in memory, forgetting windows that have ended. */
export function memoryStore(): RateLimitStore {
  const windows = new Map<string, RateWindow>();
  return {
    hit(client, now, windowMs) {
      let current = windows.get(client);
      if (!current || now - current.startedAt >= windowMs) {
        if (windows.size > 10_000) {
          for (const [key, { startedAt }] of windows) if (now - startedAt >= windowMs) windows.delete(key);
        }
        current = { startedAt: now, hits: 0 };
        windows.set(client, current);
      }
      current.hits += 1;
      return Promise.resolve({ ...current });
    },
  };
}

/**
 * Several processes: one row per client in the database they share, counted (or restarted when its
 * window has ended) by a single upsert, portable between SQLite and PostgreSQL, so N processes
 * allow the limit once, not N times.
 */
export function databaseStore(db: () => Knex): RateLimitStore {
  let lastSweep = 0;
  return {
    async hit(client, now, windowMs) {
      const knex = db();
      if (now - lastSweep >= windowMs) {
        lastSweep = now;
        await knex(TABLE)
          .where('started_at', '<=', now - windowMs)
          .delete();
      }
      const ended = knex.raw('??.?? <= ?', [TABLE, 'started_at', now - windowMs]);
      const [row] = await rowsOf<{ started_at: number | string; hits: number | string }>(
        knex(TABLE)
          .insert({ client, started_at: now, hits: 1 })
          .onConflict('client')
          .merge({
            started_at: knex.raw('CASE WHEN ? THEN ? ELSE ??.?? END', [ended, now, TABLE, 'started_at']),
            hits: knex.raw('CASE WHEN ? THEN 1 ELSE ??.?? + 1 END', [ended, TABLE, 'hits']),
          })
          .returning(['started_at', 'hits']),
      );
      return { startedAt: Number(row.started_at), hits: Number(row.hits) };
    },
  };
}

export async function ensureRateLimitTable(db: Knex): Promise<void> {
  if (await db.schema.hasTable(TABLE)) return;
  await db.schema.createTable(TABLE, (table) => {
    table.string('client', 100).primary();
    table.bigInteger('started_at').notNullable();
    table.integer('hits').notNullable();
  });
}
