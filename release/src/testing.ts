import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { startRedis, type RedisServer } from '@blog/shared/testing/redis';
import Redis from 'ioredis';
import { BucketStore } from './bucket-store';
import type { LiveRegistry } from './store';
import { startBucket, type BucketServer } from './testing-bucket';

/** An entry of the registry, as a release of a section at `release` writes it. */
export const liveEntry = (release: string) => ({
  release,
  manifest: `http://localhost:3004/releases/${release}/mf-manifest.json`,
});

/** What a test of the registry works on, each test afresh. */
export interface RegistryBench {
  /** A folder of its own. */
  dir: string;
  /** A Redis of the file's own, emptied before each test. */
  redis: RedisServer;
  /** A connection to it, for what a test reads or writes by hand. */
  direct: Redis;
  /** The registries a test opened: closed after it. */
  writers: LiveRegistry[];
}

/** Sets up a `RegistryBench` around each test of the file that calls it (for the release package and the render server alike). */
export function registryBench(): RegistryBench {
  const bench = { writers: [] as LiveRegistry[] } as RegistryBench;
  beforeAll(async () => {
    bench.redis = await startRedis();
    bench.direct = new Redis(bench.redis.url);
  });
  afterAll(async () => {
    await bench.direct.quit();
    await bench.redis.stop();
  });
  beforeEach(async () => {
    bench.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-registry-test-'));
    await bench.direct.flushall();
  });
  afterEach(async () => {
    await Promise.all(bench.writers.splice(0).map((writer) => writer.close()));
    fs.rmSync(bench.dir, { recursive: true, force: true });
  });
  return bench;
}

/** A built section's folder `name` in `dir`, with these files (path → text). */
export function builtFolder(dir: string, name: string, files: Record<string, string>): string {
  const folder = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.writeFileSync(path.join(folder, file), text);
  }
  return folder;
}

/** What a test of a store in a bucket works on, each test afresh. */
export interface BucketBench {
  /** An S3-compatible server of the file's own, whose settings the SDK reads from the environment. */
  server: BucketServer;
  /** A client to it, for what a test writes by hand, as anyone with the bucket's keys could. */
  client: S3Client;
  /** A folder of its own, the store's checkout. */
  dir: string;
  /** The store's prefix in the bucket: its own, named after `dir`. */
  prefix: string;
  store: BucketStore;
}

/** Sets up a `BucketBench` around each test of the file that calls it. */
export function bucketBench(): BucketBench {
  const bench = {} as BucketBench;
  beforeAll(async () => {
    bench.server = await startBucket();
    Object.assign(process.env, bench.server.env);
    bench.client = new S3Client({ forcePathStyle: true });
  });
  afterAll(async () => {
    bench.client.destroy();
    await bench.server.stop();
  });
  beforeEach(() => {
    bench.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bucket-test-'));
    bench.prefix = `site/${path.basename(bench.dir)}`;
    bench.store = new BucketStore(`s3://${bench.server.bucket}/${bench.prefix}`, bench.dir);
  });
  afterEach(() => fs.rmSync(bench.dir, { recursive: true, force: true }));
  return bench;
}
