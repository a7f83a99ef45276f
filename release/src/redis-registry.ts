import Redis from 'ioredis';
import { EMPTY_REGISTRY, parseHistory, parseRegistry, switched, type Registry, type Switch } from './releases';

// The registry of what is live, in Redis (`BLOG_CACHE_URL`) where render servers on several
// machines share one (docs/sections/releasing.md, "Releasing past one machine"). The registry is
// one key, written whole by a transaction that fails when the key changed since it was read;
// every switch publishes a notice the render servers subscribe to. The history is a list only
// ever appended to (`RPUSH`), so a release run from any machine lands in the one history
// `npm run releases` reads.

export const REGISTRY_KEY = 'blog:releases:registry';
export const HISTORY_KEY = 'blog:releases:history';
/** Published with the new revision at every switch. */
export const SWITCHED_CHANNEL = 'blog:releases:switched';
/** Published with a shell release's manifest before it is checked: render servers download it meanwhile. */
export const PUBLISHED_CHANNEL = 'blog:releases:published';

/** A connection that fails a command rather than wait for Redis long (the failure is the command's to report); opened by its first command. */
export function registryConnection(url: string, lazyConnect = true) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect });
  redis.on('error', () => undefined);
  return redis;
}

/** The registry held at `REGISTRY_KEY`; none yet is an empty registry; one that cannot be read throws, naming it. */
export async function readRedisRegistry(redis: Redis): Promise<Registry> {
  const text = await redis.get(REGISTRY_KEY);
  if (text === null) return EMPTY_REGISTRY;
  try {
    return parseRegistry(text);
  } catch (error) {
    throw new Error(`the registry in Redis (${REGISTRY_KEY}) cannot be read (${(error as Error).message}): restore it`);
  }
}

/** The registry and the history in Redis, as a release command writes them. One command, one connection. */
export class RedisRegistry {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = registryConnection(url);
  }

  async registry(): Promise<Registry> {
    await this.connected();
    return readRedisRegistry(this.redis);
  }

  /**
   * Switches `section` to `entry`, compared with the registry the caller read (`switched`, as the
   * file's): the key is watched, read and set in one transaction with the notice. A write of
   * another release in between fails the transaction, and the comparison is made again on what it
   * wrote: another section's switch is kept, the same section's is a conflict.
   */
  async switch(read: Registry, section: string, entry: Registry['live'][string]): Promise<Registry> {
    await this.connected();
    for (;;) {
      await this.redis.watch(REGISTRY_KEY);
      let next: Registry;
      try {
        next = switched(await readRedisRegistry(this.redis), read, section, entry);
      } catch (error) {
        await this.redis.unwatch();
        throw error;
      }
      const done = await this.redis
        .multi()
        .set(REGISTRY_KEY, JSON.stringify(next))
        .publish(SWITCHED_CHANNEL, String(next.revision))
        .exec();
      if (done) return next;
    }
  }

  async announce(manifest: string): Promise<void> {
    await this.connected();
    await this.redis.publish(PUBLISHED_CHANNEL, manifest);
  }

  async record(entry: Switch): Promise<void> {
    await this.connected();
    await this.redis.rpush(HISTORY_KEY, JSON.stringify(entry));
  }

  async history(): Promise<Switch[]> {
    await this.connected();
    return parseHistory((await this.redis.lrange(HISTORY_KEY, 0, -1)).join('\n'));
  }

  async close(): Promise<void> {
    // Closed by Redis once it has answered every command; a connection never made has nothing to close.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  private async connected() {
    if (this.redis.status === 'wait') await this.redis.connect();
  }
}
