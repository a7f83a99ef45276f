import { AsyncResource } from 'node:async_hooks';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * Where limits are counted: outside the asynchronous context of the request counted. A limiter in
 * memory sets a timer for each client it counts, to forget it when its window ends, and a timer
 * keeps the context it was set in: Strapi's request context, with the request, its response and
 * its answer, for the whole window. A heap snapshot of the CMS after 8,000 reads from as many
 * addresses found 7,313 requests held that way.
 */
const outsideRequests = new AsyncResource('ClientLimits');

/**
 * Counts `points` against `key` in `limiter`: `undefined` while they are within its budget, past
 * it how many milliseconds are left of the window. A store that fails (with no insurance limiter
 * to count instead) is an error, never taken for a refusal.
 */
export async function refusedForMs(limiter: RateLimiterAbstract, key: string, points = 1): Promise<number | undefined> {
  try {
    await outsideRequests.runInAsyncScope(() => limiter.consume(key, points));
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
