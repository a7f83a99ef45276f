import { refusedForMs, retryAfterSeconds } from '@blog/server-kit';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Budget, LimitStore } from './options';

/**
 * Where the counts live in the database: one row per client and limit, written by
 * rate-limiter-flexible. A migration makes it, so the limiter is told it is there.
 */
const TABLE = 'client_limits';

/**
 * How long a refusal waits, on average, before it is sent. A client past its budget that asks
 * again at once (a flood: 50 connections asking back to back) would otherwise get thousands of
 * cheap refusals a second, which together cost the CMS's one thread what everyone else's answers
 * need; paced, its connections ask about once a second each, and not all in the same instant
 * (each wait is drawn from half to one and a half times this). A reader who comes back after
 * `Retry-After` never waits.
 */
export const REFUSAL_PACE_MS = 1000;

/** A limit per client: each request's cost counted, and refused (429, with when to come back) past its budget. */
export class ClientLimit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    /** What is counted, for the refusal's message: "requests", "writes". */
    private readonly what: string,
  ) {}

  /** Counts `cost` for `client`; past the budget, answers 429 with `Retry-After`. */
  async take(ctx: Context, client: string, cost: number): Promise<void> {
    const refusedMs = await refusedForMs(this.limiter, client, cost);
    if (refusedMs === undefined) return;
    const pause = REFUSAL_PACE_MS * (0.5 + Math.random());
    await new Promise((resolve) => setTimeout(resolve, pause));
    const retryAfter = retryAfterSeconds(refusedMs - pause);
    ctx.set('Retry-After', String(retryAfter));
    throw new errors.RateLimitError(`Too many ${this.what}; try again in ${retryAfter} s.`, { retryAfter });
  }
}

/**
 * A limiter of `budget` in `store`: this process's memory, or the database every CMS process
 * shares (so that N processes allow the budget once, not N times). A database that cannot be
 * reached counts in memory meanwhile: nobody is refused for it.
 */
export function clientLimit(strapi: Core.Strapi, what: string, budget: Budget, store: LimitStore): ClientLimit {
  const options = { keyPrefix: what, points: budget.points, duration: budget.windowSeconds };
  if (store === 'memory') return new ClientLimit(new RateLimiterMemory(options), what);
  if (store !== 'database') throw new Error(`RATE_LIMIT_STORE must be memory or database, not "${String(store)}".`);
  const shared = {
    ...options,
    storeClient: strapi.db.connection,
    storeType: 'knex',
    tableName: TABLE,
    tableCreated: true,
    insuranceLimiter: new RateLimiterMemory(options),
  };
  const limiter =
    strapi.db.dialect.client === 'postgres' ? new RateLimiterPostgres(shared) : new RateLimiterSQLite(shared);
  return new ClientLimit(limiter, what);
}

/**
 * Clients' requests in turn: each round of the event loop starts at most one waiting request of
 * each client, so a client that sends 50 requests at once has the CMS's one thread for one of them
 * between everyone else's, rather than for all 50 before anyone else's. Node reads every request
 * that arrived in one go and would run them in that order, and a read's work here is mostly
 * synchronous (SQLite, the search index in memory), so nothing would come between them.
 * Hand-written: a queue per client and a round of the event loop is all it takes.
 */
export class ClientTurns {
  private readonly waiting = new Map<string, (() => void)[]>();
  private scheduled = false;

  /** Resolves when it is `client`'s turn to start a request. */
  turn(client: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(client);
      if (queue) queue.push(resolve);
      else this.waiting.set(client, [resolve]);
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the requests that arrived meanwhile have been read: each round is a turn of the event loop.
    setImmediate(() => this.round());
  }

  private round() {
    this.scheduled = false;
    for (const [client, queue] of this.waiting) {
      queue.shift()?.();
      if (queue.length === 0) this.waiting.delete(client);
    }
    if (this.waiting.size > 0) this.schedule();
  }
}
