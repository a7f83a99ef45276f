import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port';

/** Debian's Redis server (`npm test` installs it when missing). */
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, as `BLOG_CACHE_URL` takes it. */
  url: string;
  /** A command run by `redis-cli` (Debian's, beside the server), e.g. `cli('SET', key, value)`; its answer. */
  cli(...args: string[]): string;
  stop(): Promise<void>;
}

/** A real Redis server of its own, on a free port, keeping nothing on disk, bounded as a page cache is. */
export async function startRedis(): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-redis-'));
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory',
      '64mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output.push(String(chunk));
      if (output.join('').includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server stopped (${code}):\n${output.join('')}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    cli: (...args) =>
      execFileSync(path.join(path.dirname(REDIS_SERVER), 'redis-cli'), ['-p', String(port), ...args], {
        encoding: 'utf8',
      }).trim(),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
