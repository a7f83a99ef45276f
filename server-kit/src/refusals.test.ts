import { AsyncLocalStorage, createHook } from 'node:async_hooks';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { refusedForMs, retryAfterSeconds } from './refusals';

describe('a refusal by a limiter', () => {
  afterEach(() => jest.useRealTimers());

  it('is none within the budget, and past it the time left of the window', async () => {
    jest.useFakeTimers({ now: 0 });
    const limiter = new RateLimiterMemory({ points: 3, duration: 60 });
    expect(await refusedForMs(limiter, 'a', 2)).toBeUndefined();
    expect(await refusedForMs(limiter, 'a')).toBeUndefined();
    jest.setSystemTime(20_000);
    expect(await refusedForMs(limiter, 'a')).toBe(40_000);
    expect(await refusedForMs(limiter, 'b')).toBeUndefined();
  });

  it('keeps no request alive: the timer that forgets a client is set outside its request', async () => {
    const request = new AsyncLocalStorage<{ url: string }>();
    const timersSetIn: ({ url: string } | undefined)[] = [];
    const hook = createHook({
      init: (_id, type) => void (type === 'Timeout' && timersSetIn.push(request.getStore())),
    }).enable();
    try {
      const limiter = new RateLimiterMemory({ points: 3, duration: 60 });
      await request.run({ url: '/api/articles' }, () => refusedForMs(limiter, 'a'));
    } finally {
      hook.disable();
    }
    expect(timersSetIn).toEqual([undefined]);
  });

  it('is not what a store that fails says: that is thrown', async () => {
    const broken = { consume: () => Promise.reject(new Error('the store is away')) } as unknown as RateLimiterAbstract;
    await expect(refusedForMs(broken, 'a')).rejects.toThrow('the store is away');
  });
});

describe('Retry-After', () => {
  it('is the wait in whole seconds, rounded up, and never 0', () => {
    expect(retryAfterSeconds(60_000)).toBe(60);
    expect(retryAfterSeconds(39_001)).toBe(40);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(-300)).toBe(1);
  });
});
