/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { REGISTRY_KEY, RedisRegistry } from '@blog/release';
import { liveEntry, registryBench } from '@blog/release/testing';
import { log } from '../log';
import { fileSections } from './deployed';
import { redisRegistrySections } from './registry-sections';

// A render server sharing a Redis follows the registry of releases there (`@blog/release`).

const bench = registryBench();

describe('a render server following the registry in Redis', () => {
  const remotes = { mf_pages: 'http://localhost:3004/mf-manifest.json' };
  const file = () => {
    fs.writeFileSync(path.join(bench.dir, 'remotes.json'), JSON.stringify(remotes));
    return fileSections(path.join(bench.dir, 'remotes.json'));
  };

  it('reads its remotes.json until a release writes the registry, then the registry, told of each switch', async () => {
    const sections = redisRegistrySections(bench.redis.url, file());
    // As a render server does: read first (its first check), then followed.
    expect(await sections.read()).toEqual({ manifests: remotes, canaries: {} });
    let told = 0;
    const stop = sections.follow(() => (told += 1));
    try {
      const writer = new RedisRegistry(bench.redis.url);
      bench.writers.push(writer);
      for (const deadline = Date.now() + 2_000; told === 0 && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const before = told;
      await writer.switch(await writer.registry(), 'mf_pages', liveEntry('1.0.0-aaaaaaaaaaaa'));
      for (const deadline = Date.now() + 2_000; told === before && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(told).toBe(before + 1);
      expect(await sections.read()).toEqual({
        manifests: { mf_pages: liveEntry('1.0.0-aaaaaaaaaaaa').manifest },
        canaries: {},
      });
      // Once read, a corrupt registry is an error: the server keeps what it has.
      await bench.direct.set(REGISTRY_KEY, '{"revision": 1, ');
      await expect(sections.read()).rejects.toThrow('cannot be read');
    } finally {
      stop();
    }
  });

  it('hears of each shell release a command is about to check, and not as a switch', async () => {
    const heard: string[] = [];
    const sections = redisRegistrySections(bench.redis.url, file(), (manifest) => heard.push(manifest));
    let told = 0;
    const stop = sections.follow(() => (told += 1));
    try {
      for (const deadline = Date.now() + 2_000; told === 0 && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const before = told;
      const writer = new RedisRegistry(bench.redis.url);
      bench.writers.push(writer);
      const manifest = 'http://bucket.test/site/shell/releases/1.0.0-aaaaaaaaaaaa/mf-manifest.json';
      await writer.announce(manifest);
      for (const deadline = Date.now() + 2_000; heard.length === 0 && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toEqual([manifest]);
      expect(told).toBe(before);
    } finally {
      stop();
    }
  });

  it('starts on its remotes.json while Redis is away', async () => {
    const sections = redisRegistrySections('redis://127.0.0.1:1', file());
    const errors = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const stop = sections.follow(() => undefined);
    try {
      expect(await sections.read()).toEqual({ manifests: remotes, canaries: {} });
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^The registry in Redis cannot be read .*the file is read meanwhile$/),
      );
    } finally {
      stop();
      errors.mockRestore();
    }
  });
});
