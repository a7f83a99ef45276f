import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { log } from './log';

/** How many times a key was counted in its window, and when that window ends. */
export interface Count {
  count: number;
  resetInMs: number;
}

/**
 * Counts per key in fixed windows: the renders a client starts a minute, the reports that carried
 * a nonce. In the process's memory, or in Redis where render servers share one (`BLOG_CACHE_URL`),
 * so that a limit holds across them.
 */
export interface Counters {
  /** Counts one more for `key`; a window of `windowMs` opens with its first count. */
  add(key: string, windowMs: number): Promise<Count>;
  close(): Promise<void>;
}

/** The most keys counted in memory at once: the least recently counted is forgotten first. */
const MAX_KEYS = 100_000;

export class MemoryCounters implements Counters {
  private readonly counts = new LRUCache<string, { count: number; resetAt: number }>({ max: MAX_KEYS });

  constructor(private readonly now: () => number = Date.now) {}

  add(key: string, windowMs: number): Promise<Count> {
    return Promise.resolve(this.addNow(key, windowMs));
  }

  /** `add`, at once. */
  addNow(key: string, windowMs: number): Count {
    const now = this.now();
    const kept = this.counts.get(key);
    const counted =
      kept && kept.resetAt > now ? { ...kept, count: kept.count + 1 } : { count: 1, resetAt: now + windowMs };
    this.counts.set(key, counted);
    return { count: counted.count, resetInMs: counted.resetAt - now };
  }

  close() {
    this.counts.clear();
    return Promise.resolve();
  }
}

/** One count, and the window opened with the first: `[count, ms left]`. */
const ADD = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

/** Counters every render server sharing the Redis reads. One that cannot be reached counts nothing: nobody is refused for it. */
export class RedisCounters implements Counters {
  private readonly redis: Redis;
  private failureLoggedAt = -Infinity;

  constructor(url: string) {
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('addCount', { numberOfKeys: 1, lua: ADD });
  }

  async add(key: string, windowMs: number): Promise<Count> {
    const addCount = (this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number[]>>)
      .addCount;
    try {
      const [count, resetInMs] = await addCount.call(this.redis, `blog:count:${key}`, windowMs);
      return { count, resetInMs: resetInMs > 0 ? resetInMs : windowMs };
    } catch (error) {
      if (Date.now() - this.failureLoggedAt > 60_000) {
        this.failureLoggedAt = Date.now();
        log.error(
          { err: error },
          'The counters in Redis could not be read: limits are not applied (logged once a minute)',
        );
      }
      return { count: 0, resetInMs: windowMs };
    }
  }

  close() {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
