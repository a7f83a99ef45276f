/** @jest-environment node */
import { startRedis, type RedisServer } from '@blog/shared/testing/redis';
import Redis from 'ioredis';
import { redisCounters, serverCounters, type Counters } from './limits';
import { log } from './log';
import { NONCE_WINDOW_MS } from './revalidate';

// rate-limiter-flexible's memory store reads the system's clock: only it is faked, so that Redis
// is still answered in time.
const fakeClock = () =>
  jest.useFakeTimers({
    now: 0,
    doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setTimeout', 'clearTimeout', 'setInterval'],
  });

const opened: Counters[] = [];
/** Counters closed after the test. */
function counters(...made: Counters[]) {
  opened.push(...made);
  return made;
}

afterEach(async () => {
  jest.useRealTimers();
  await Promise.all(opened.splice(0).map((made) => made.close()));
});

describe('the counters in memory', () => {
  it('let a client start its renders a minute, then say how long is left of it, and begin again after it', async () => {
    fakeClock();
    const [memory] = counters(serverCounters({ cacheUrl: undefined, rendersPerClient: 2 }));
    expect(await memory.renderRetryAfter('203.0.113.1')).toBeUndefined();
    expect(await memory.renderRetryAfter('203.0.113.1')).toBeUndefined();
    // 39.999 s are left: Retry-After rounds up.
    jest.setSystemTime(20_001);
    expect(await memory.renderRetryAfter('203.0.113.1')).toBe(40);
    expect(await memory.renderRetryAfter('203.0.113.2')).toBeUndefined();
    jest.setSystemTime(60_000);
    expect(await memory.renderRetryAfter('203.0.113.1')).toBeUndefined();
  });

  it('see a nonce once in NONCE_WINDOW_MS', async () => {
    fakeClock();
    const [memory] = counters(serverCounters({ cacheUrl: undefined, rendersPerClient: 2 }));
    expect(await memory.seenBefore('nonce-1')).toBe(false);
    expect(await memory.seenBefore('nonce-2')).toBe(false);
    jest.setSystemTime(NONCE_WINDOW_MS - 1);
    expect(await memory.seenBefore('nonce-1')).toBe(true);
    jest.setSystemTime(NONCE_WINDOW_MS);
    expect(await memory.seenBefore('nonce-1')).toBe(false);
  });
});

describe('the counters in Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('are one budget for the render servers sharing it, under blog:', async () => {
    const [one, other] = counters(redisCounters(new Redis(redis.url), 3), redisCounters(new Redis(redis.url), 3));
    for (const server of [one, other, one]) expect(await server.renderRetryAfter('203.0.113.1')).toBeUndefined();
    const retryAfter = await other.renderRetryAfter('203.0.113.1');
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(redis.cli('GET', 'blog:count:render:203.0.113.1')).toBe('4');
    expect(await one.seenBefore('nonce-1')).toBe(false);
    expect(await other.seenBefore('nonce-1')).toBe(true);
    const nonceTtl = Number(redis.cli('TTL', 'blog:count:nonce:nonce-1'));
    expect(nonceTtl).toBeGreaterThan(0);
    expect(nonceTtl).toBeLessThanOrEqual(NONCE_WINDOW_MS / 1000);
  });

  it('count in memory while Redis cannot be reached, which is logged once a minute', async () => {
    fakeClock();
    const errors = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    try {
      const [away] = counters(serverCounters({ cacheUrl: 'redis://127.0.0.1:1', rendersPerClient: 2 }));
      expect(await away.renderRetryAfter('203.0.113.1')).toBeUndefined();
      expect(await away.renderRetryAfter('203.0.113.1')).toBeUndefined();
      expect(await away.renderRetryAfter('203.0.113.1')).toBe(60);
      expect(await away.seenBefore('nonce-1')).toBe(false);
      expect(await away.seenBefore('nonce-1')).toBe(true);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^The limits could not be counted in Redis: .* memory/),
      );
      jest.setSystemTime(60_001);
      expect(await away.renderRetryAfter('203.0.113.1')).toBeUndefined();
      expect(errors).toHaveBeenCalledTimes(2);
    } finally {
      errors.mockRestore();
    }
  });
});
