import Redis from 'ioredis';
import { pageBody, type CachedPage, type Mark, type PageStore, type StoredPage } from './page-cache';
import { log } from './log';

const PREFIX = 'blog:';
const pageKey = (key: string) => `${PREFIX}page:${key}`;
const tagKey = (tag: string) => `${PREFIX}tag:${tag}`;
const CHANGED_AT = `${PREFIX}changed-at`;

/** A kept page leaves Redis after a day unread-and-unchanged at the latest; Redis's own `maxmemory` policy bounds the bytes. */
const KEEP_SECONDS = 24 * 60 * 60;

type Meta = Pick<CachedPage, 'status' | 'type' | 'etag' | 'tags' | 'renderedAt'>;

/**
 * Marks (ARGV[3]: `invalid`, `stale` or `partsStale`) every page of each tag's set rendered at or before the
 * change (ARGV[2]) and takes it out of the set; notes when the tag changed, the latest change
 * kept. One script, so no page is kept in a set between reading and clearing it.
 */
const INVALIDATE = `
local at = tonumber(ARGV[2])
for i, tag in ipairs(KEYS) do
  for _, page in ipairs(redis.call('SMEMBERS', tag)) do
    local renderedAt = redis.call('HGET', page, 'renderedAt')
    if not renderedAt or tonumber(renderedAt) <= at then
      if renderedAt then redis.call('HSET', page, ARGV[3], '1') end
      redis.call('SREM', tag, page)
    end
  end
  local known = redis.call('HGET', ARGV[1], ARGV[i + 3])
  if not known or tonumber(known) < at then redis.call('HSET', ARGV[1], ARGV[i + 3], ARGV[2]) end
end
return #KEYS`;

/**
 * Pages kept in Redis (`BLOG_CACHE_URL`), shared by every render server that names it: one
 * change reported to any of them drops the page for all. A Redis that cannot be reached makes
 * the page cache answer nothing: pages are rendered as if nothing were kept.
 */
export class RedisPageStore implements PageStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = new Redis(url, {
      // Fail at once rather than queue while Redis is away: the page is rendered instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
      lazyConnect: false,
    });
    this.redis.on('error', (error: Error) => log.error(`The page cache at ${url}: ${error.message}`));
    this.redis.defineCommand('invalidateTags', { lua: INVALIDATE });
  }

  async get(key: string): Promise<StoredPage | undefined> {
    const [meta, body, gzip, invalid, stale, partsStale] = await this.redis.hmgetBuffer(
      pageKey(key),
      'meta',
      'body',
      'gzip',
      'invalid',
      'stale',
      'partsStale',
    );
    if (!meta || !body || !gzip) return undefined;
    const page: CachedPage = { ...(JSON.parse(meta.toString()) as Meta), body, gzip };
    const marked = (mark: Buffer | null) => mark?.toString() === '1';
    return { page, invalid: marked(invalid), stale: marked(stale), partsStale: marked(partsStale) };
  }

  /** Without its bytes: the pre-renderer asks it of every page of the site. */
  async keeps(key: string): Promise<boolean> {
    const [renderedAt, invalid] = await this.redis.hmget(pageKey(key), 'renderedAt', 'invalid');
    return renderedAt !== null && invalid !== '1';
  }

  async set(key: string, { page, invalid, stale, partsStale }: StoredPage): Promise<void> {
    const { body = pageBody(page), gzip, ...meta } = page;
    const transaction = this.redis
      .multi()
      .hset(pageKey(key), {
        meta: JSON.stringify(meta),
        body,
        gzip,
        invalid: invalid ? '1' : '0',
        stale: stale ? '1' : '0',
        partsStale: partsStale ? '1' : '0',
        renderedAt: page.renderedAt,
      })
      .expire(pageKey(key), KEEP_SECONDS);
    for (const tag of page.tags) transaction.sadd(tagKey(tag), pageKey(key)).expire(tagKey(tag), KEEP_SECONDS);
    await transaction.exec();
  }

  async invalidate(tags: string[], at: number, mark: Mark = 'invalid'): Promise<void> {
    const invalidateTags = (this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number>>)
      .invalidateTags;
    await invalidateTags.call(this.redis, tags.length, ...tags.map(tagKey), CHANGED_AT, at, mark, ...tags);
  }

  async invalidatedSince(tags: string[], since: number): Promise<boolean> {
    if (tags.length === 0) return false;
    const times = await this.redis.hmget(CHANGED_AT, ...tags);
    return times.some((time) => time !== null && Number(time) >= since);
  }

  /** Redis bounds itself (`maxmemory`); the server does not count its pages. */
  size() {
    return Promise.resolve(undefined);
  }

  close(): Promise<void> {
    this.redis.disconnect();
    return Promise.resolve();
  }
}
