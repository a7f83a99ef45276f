import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Counts `points` against `key` in `limiter`: `undefined` while they are within its budget, past
 * it how many milliseconds are left of the window. A store that fails (with no insurance limiter
 * to count instead) is an error, never taken for a refusal.
 */
export async function refusedForMs(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number | undefined> {
  try {
    await limiter.consume(key, points);
    return undefined;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return refusal.msBeforeNext;
    throw refusal;
  }
}

/** A wait as `Retry-After` says it: in whole seconds, rounded up, and at least one (0 would say "at once"). */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
