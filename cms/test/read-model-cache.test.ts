import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Knex } from 'knex';
import { ReadModelCache } from '../src/lib/read-model-cache';

// What a kept answer holds alive is what a collection cannot free: `gc`, for this test.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A database whose read model is at version 1. */
const db = (() => ({ where: () => ({ select: () => Promise.resolve([{ version: 1 }]) }) })) as unknown as Knex;

describe('the read model’s kept answers', () => {
  it('hold nothing of the request that computed them', async () => {
    const cache = new ReadModelCache(db);
    // As Strapi keeps each request's context (its request and response) for the code it runs.
    const requests = new AsyncLocalStorage<{ response: Buffer }>();
    let request: WeakRef<object> | undefined;
    await requests.run({ response: Buffer.alloc(1 << 20) }, async () => {
      request = new WeakRef(requests.getStore() ?? {});
      await cache.answer('most-popular-articles', () => Promise.resolve({ data: ['kept'] }));
    });
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(request?.deref()).toBeUndefined();
    const again = await cache.answer('most-popular-articles', () => Promise.reject(new Error('computed again')));
    expect(again.body).toEqual({ data: ['kept'] });
  });
});
