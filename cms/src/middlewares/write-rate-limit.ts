import { errors } from '@strapi/utils';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { isPublicWrite } from '../lib/public-write';
import { databaseStore, memoryStore } from '../lib/rate-limit-store';

export interface WriteRateLimitConfig {
  max: number;
  windowSeconds: number;
  /** `memory` for one CMS process; `database` shares the count between all processes on one database. */
  store: 'memory' | 'database';
}

/** At most `max` public writes per client address in each window of `windowSeconds`. */
export default (config: WriteRateLimitConfig, { strapi }: { strapi: Core.Strapi }) => {
  const windowMs = config.windowSeconds * 1000;
  const store = config.store === 'database' ? databaseStore(() => strapi.db.connection) : memoryStore();

  return async (ctx: Context, next: Next): Promise<void> => {
    if (!isPublicWrite(ctx)) {
      await next();
      return;
    }
    const now = Date.now();
    const { startedAt, hits } = await store.hit(ctx.ip, now, windowMs);
    if (hits > config.max) {
      const retryAfter = Math.ceil((startedAt + windowMs - now) / 1000);
      ctx.set('Retry-After', String(retryAfter));
      throw new errors.RateLimitError(`Too many writes; try again in ${retryAfter} s.`, { retryAfter });
    }
    await next();
  };
};
