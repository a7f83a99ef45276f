import {
  EMPTY_REGISTRY,
  PUBLISHED_CHANNEL,
  SWITCHED_CHANNEL,
  deployedBy,
  readRedisRegistry,
  registryConnection,
} from '@blog/release';
import { log } from '../log';
import type { DeployedSections } from './deployed';

/**
 * Where a render server reads what is deployed when it shares a Redis: the registry there once a
 * release has written one, else `fallback` (a `remotes.json`, as before releases). A switch's
 * notice is followed at once, and so is a reconnection (a notice may have been missed meanwhile).
 * Once the registry was read, one that cannot be read (corrupt, or Redis away) throws: the
 * sections stay as they are. Before, `fallback` is read instead, so that a render server starting
 * while Redis is away starts (its page cache answers nothing meanwhile, as before releases).
 * `published` hears of each shell release about to be checked, by its manifest.
 */
export function redisRegistrySections(
  url: string,
  fallback: DeployedSections,
  published: (manifest: string) => void = () => undefined,
): DeployedSections {
  const redis = registryConnection(url);
  let registryRead = false;
  return {
    async read() {
      try {
        const registry = await readRedisRegistry(redis);
        registryRead ||= registry !== EMPTY_REGISTRY;
        return registry === EMPTY_REGISTRY ? fallback.read() : deployedBy(registry);
      } catch (error) {
        if (registryRead) throw error;
        log.error(`The registry in Redis cannot be read (${(error as Error).message}): the file is read meanwhile`);
        return fallback.read();
      }
    },
    follow(changed) {
      const stopFallback = fallback.follow(changed);
      // Connected now, so that its first `ready` is heard; it reconnects on its own whenever Redis comes back.
      const subscriber = registryConnection(url, false);
      subscriber.on('message', (channel: string, message: string) =>
        channel === PUBLISHED_CHANNEL ? published(message) : changed(),
      );
      // Subscribed at every connection, the first included; what was switched meanwhile is read at once.
      subscriber.on('ready', () => {
        subscriber.subscribe(SWITCHED_CHANNEL, PUBLISHED_CHANNEL).catch((error: Error) => {
          log.error(`The release notices at ${url} cannot be heard (${error.message}): the periodic check goes on`);
        });
        changed();
      });
      return () => {
        stopFallback();
        subscriber.disconnect();
        redis.disconnect();
      };
    },
  };
}
