/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { RedisRegistry, REGISTRY_KEY, SWITCHED_CHANNEL } from './redis-registry';
import { SwitchConflict } from './releases';
import { FolderStore, fileRegistry, type LiveRegistry } from './store';
import { liveEntry, registryBench } from './testing';

// The registry's compare-and-set, the same for the store's file and for Redis (`BLOG_CACHE_URL`):
// each writer is a registry of its own (a command of its own: a process, a connection).

const bench = registryBench();

interface Kind {
  /** A writer of the one registry. */
  writer(): LiveRegistry;
  /** Edits the registry by hand into `text`. */
  corrupt(text: string): Promise<void>;
  /** What the registry holds, as text. */
  raw(): Promise<string>;
}

const kinds: [string, () => Kind][] = [
  [
    'in the store’s file',
    () => ({
      writer: () => fileRegistry(new FolderStore(path.join(bench.dir, 'store'))),
      corrupt: (text) => Promise.resolve(fs.writeFileSync(path.join(bench.dir, 'store', 'registry.json'), text)),
      raw: () => Promise.resolve(fs.readFileSync(path.join(bench.dir, 'store', 'registry.json'), 'utf8')),
    }),
  ],
  [
    'in Redis',
    () => ({
      writer: () => {
        const writer = new RedisRegistry(bench.redis.url);
        bench.writers.push(writer);
        return writer;
      },
      corrupt: async (text) => void (await bench.direct.set(REGISTRY_KEY, text)),
      raw: async () => (await bench.direct.get(REGISTRY_KEY)) ?? '',
    }),
  ],
];

describe.each(kinds)('the registry %s', (_, kindOf) => {
  it('lands concurrent switches of two sections, and gives one of two switches of one section a retry', async () => {
    const kind = kindOf();
    const [one, other] = [kind.writer(), kind.writer()];
    const read = await one.registry();
    await Promise.all([
      one.switch(read, 'mf_pages', liveEntry('1.0.0-aaaaaaaaaaaa')),
      other.switch(read, 'mf_contact', liveEntry('1.0.0-bbbbbbbbbbbb')),
    ]);
    expect(await kind.writer().registry()).toEqual({
      revision: 2,
      live: { mf_pages: liveEntry('1.0.0-aaaaaaaaaaaa'), mf_contact: liveEntry('1.0.0-bbbbbbbbbbbb') },
    });
    const both = await one.registry();
    const outcomes = await Promise.allSettled([
      one.switch(both, 'mf_pages', liveEntry('1.0.0-cccccccccccc')),
      other.switch(both, 'mf_pages', liveEntry('1.0.0-dddddddddddd')),
    ]);
    expect(outcomes.map(({ status }) => status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(lost?.reason).toBeInstanceOf(SwitchConflict);
    expect((lost?.reason as Error).message).toMatch(/retry$/);
    const won = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
    const after = await kind.writer().registry();
    expect(after.revision).toBe(3);
    expect(after.live.mf_pages.release).toBe(won === 0 ? '1.0.0-cccccccccccc' : '1.0.0-dddddddddddd');
  });

  it('lands every one of many concurrent switches of different sections', async () => {
    const kind = kindOf();
    const sections = ['mf_pages', 'mf_contact', 'mf_articles', 'mf_newsletter'];
    const read = await kind.writer().registry();
    await Promise.all(
      sections.map((section, index) => kind.writer().switch(read, section, liveEntry(`1.0.${index}-aaaaaaaaaaaa`))),
    );
    const after = await kind.writer().registry();
    expect(after.revision).toBe(sections.length);
    expect(Object.keys(after.live).sort()).toEqual([...sections].sort());
  });

  it('names a registry edited by hand into invalid JSON, and leaves it as it is', async () => {
    const kind = kindOf();
    const writer = kind.writer();
    await writer.switch(await writer.registry(), 'mf_pages', liveEntry('1.0.0-aaaaaaaaaaaa'));
    await kind.corrupt('{"revision": 1, ');
    await expect(writer.registry()).rejects.toThrow(/^the registry .* cannot be read/);
    await expect(writer.switch({ revision: 1, live: {} }, 'mf_pages', liveEntry('1.0.0-bbbbbbbbbbbb'))).rejects.toThrow(
      'cannot be read',
    );
    expect(await kind.raw()).toBe('{"revision": 1, ');
  });

  it('appends the history, never rewriting a line', async () => {
    const writer = kindOf().writer();
    const line = { at: 'now', section: 'mf_pages', action: 'release' as const, from: null, to: 'a', check: 'passed' };
    await writer.record({ ...line, live: 'a' });
    await writer.record({ ...line, from: 'a', to: 'b', live: 'b' });
    expect((await writer.history()).map(({ to }) => to)).toEqual(['a', 'b']);
  });
});

it('publishes the new revision to the render servers at every switch in Redis', async () => {
  const listener = new Redis(bench.redis.url);
  const heard: string[] = [];
  listener.on('message', (channel: string, message: string) => heard.push(`${channel} ${message}`));
  await listener.subscribe(SWITCHED_CHANNEL);
  const writer = new RedisRegistry(bench.redis.url);
  bench.writers.push(writer);
  await writer.switch(await writer.registry(), 'mf_pages', liveEntry('1.0.0-aaaaaaaaaaaa'));
  await writer.switch(await writer.registry(), 'mf_pages', liveEntry('1.0.0-bbbbbbbbbbbb'));
  for (const deadline = Date.now() + 2_000; heard.length < 2 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 10));
  listener.disconnect();
  expect(heard).toEqual([`${SWITCHED_CHANNEL} 1`, `${SWITCHED_CHANNEL} 2`]);
});
