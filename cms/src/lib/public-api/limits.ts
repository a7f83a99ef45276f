import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Budget, LimitStore } from './options';

/** Where the counts live in the database: one row per client and limit, written by rate-limiter-flexible. */
const TABLE = 'client_limits';

/** A limit per client: each request's cost counted, and refused (429, with when to come back) past its budget. */
export class ClientLimit {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    /** What is counted, for the refusal's message: "requests", "writes". */
    private readonly what: string,
  ) {}

  /** Counts `cost` for `client`; past the budget, answers 429 with `Retry-After`. */
  async take(ctx: Context, client: string, cost: number): Promise<void> {
    try {
      await this.limiter.consume(client, cost);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const retryAfter = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      ctx.set('Retry-After', String(retryAfter));
      throw new errors.RateLimitError(`Too many ${this.what}; try again in ${retryAfter} s.`, { retryAfter });
    }
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
    insuranceLimiter: new RateLimiterMemory(options),
  };
  // The table is made at the first start; a failure to make it leaves the counts in memory.
  const made = (error?: Error) => error && strapi.log.error(`The limits' table could not be made: ${error.message}`);
  const limiter =
    strapi.db.dialect.client === 'postgres'
      ? new RateLimiterPostgres(shared, made)
      : new RateLimiterSQLite(shared, made);
  return new ClientLimit(limiter, what);
}

/** The table the write limit was counted in before rate-limiter-flexible's: nothing reads it now. */
export const OLD_LIMIT_TABLE = 'write_rate_limits';
