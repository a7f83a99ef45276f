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
    expect(JSON.parse(again.json)).toEqual({ data: ['kept'] });
  });

  it('are kept up to their bound of JSON, the least recently asked dropped first', async () => {
    // Each answer's JSON is 41 characters: two fit in 100, three do not.
    const cache = new ReadModelCache(db, 100);
    const computed: string[] = [];
    const ask = (key: string) =>
      cache.answer(key, () => {
        computed.push(key);
        return Promise.resolve({ data: key.repeat(30) });
      });
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b'])
      expect(JSON.parse((await ask(key)).json)).toEqual({ data: key.repeat(30) });
    // `b` was the least recently asked when `c` came, so it alone was computed again.
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });
});
