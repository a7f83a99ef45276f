import { refusedForMs, retryAfterSeconds } from '@blog/server-kit';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { log } from './log';
import type { ServerOptions } from './options';
import { NONCE_WINDOW_MS } from './revalidate';

/**
 * What the render server's limits count per key: the renders a client starts a minute, the
 * reports' nonces. In the process's memory, or in Redis where render servers share one
 * (`BLOG_CACHE_URL`), so that a limit holds across them.
 *
 * The memory is bounded by the windows, not by a number of keys: rate-limiter-flexible's memory
 * store drops each key with a timer when its window ends, so it holds only the keys counted in the
 * last window (the clients that started a render in the last minute, the nonces of the signed
 * reports of the last `NONCE_WINDOW_MS`).
 */
export interface Counters {
  /** Counts a render `client` starts: `undefined` within its budget a minute, past it the seconds left of the minute. */
  renderRetryAfter(client: string): Promise<number | undefined>;
  /** Whether `nonce` was seen before within `NONCE_WINDOW_MS`, the report carrying it a replay; it is seen from now on. */
  seenBefore(nonce: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Counts one for `key`: `undefined` within `limiter`'s budget, past it the seconds `Retry-After` says to wait. */
export async function retryAfter(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  const refusedMs = await refusedForMs(limiter, key);
  return refusedMs === undefined ? undefined : retryAfterSeconds(refusedMs);
}

type Budget = ConstructorParameters<typeof RateLimiterMemory>[0];

/** How often at most the render server says that it counts in memory for want of Redis. */
const FALLBACK_LOG_EVERY_MS = 60_000;

/** The memory a limiter in Redis counts in while Redis cannot be reached; each use is told to `onUse`. */
class MemoryMeanwhile extends RateLimiterMemory {
  constructor(
    budget: Budget,
    private readonly onUse: () => void,
  ) {
    super(budget);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.onUse();
    return super.consume(...args);
  }
}

/** A nonce's budget: once in its window, the second time a replay. */
const NONCES: Budget = { points: 1, duration: NONCE_WINDOW_MS / 1000 };

/** A client's budget of renders: `rendersPerClient` a minute. */
const rendersOf = (rendersPerClient: number): Budget => ({ points: rendersPerClient, duration: 60 });

/** The render server's counters: in the Redis at `cacheUrl`, else in its memory. */
export function serverCounters({
  cacheUrl,
  rendersPerClient,
}: Pick<ServerOptions, 'cacheUrl' | 'rendersPerClient'>): Counters {
  if (cacheUrl)
    return redisCounters(
      new Redis(cacheUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 }),
      rendersPerClient,
    );
  const renders = new RateLimiterMemory(rendersOf(rendersPerClient));
  return countersOf(renders, new RateLimiterMemory(NONCES), () => undefined);
}

/**
 * Counters in `redis` (under `blog:count:`), shared by every render server on it. While it cannot
 * be reached each render server counts in its own memory, and says so once a minute.
 */
export function redisCounters(redis: Redis, rendersPerClient: number): Counters {
  // What a failure means for the limits is logged when a count falls back to memory.
  redis.on('error', () => undefined);
  let loggedAt = -Infinity;
  const fellBack = () => {
    if (Date.now() - loggedAt <= FALLBACK_LOG_EVERY_MS) return;
    loggedAt = Date.now();
    log.error(
      'The limits could not be counted in Redis: each render server counts them in its own memory meanwhile (logged once a minute)',
    );
  };
  const inRedis = (name: string, budget: Budget) =>
    new RateLimiterRedis({
      ...budget,
      storeClient: redis,
      keyPrefix: `blog:count:${name}`,
      insuranceLimiter: new MemoryMeanwhile(budget, fellBack),
    });
  return countersOf(inRedis('render', rendersOf(rendersPerClient)), inRedis('nonce', NONCES), () => redis.disconnect());
}

function countersOf(renders: RateLimiterAbstract, nonces: RateLimiterAbstract, close: () => void): Counters {
  return {
    renderRetryAfter: (client) => retryAfter(renders, client),
    seenBefore: async (nonce) => (await refusedForMs(nonces, nonce)) !== undefined,
    close: () => Promise.resolve(close()),
  };
}
