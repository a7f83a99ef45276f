import { proxyHopsOf } from '@blog/server-kit';
import type { Core } from '@strapi/strapi';

const DEFAULT_SITE_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

/** The site's origins (`CORS_ORIGINS`): CORS lets their pages read, and public writes are taken from them only. */
export const siteOrigins = (env: Core.Config.Shared.ConfigParams['env']): string[] =>
  env.array('CORS_ORIGINS', DEFAULT_SITE_ORIGINS);

/** A limit per client: so many points in each window of so many seconds. */
export interface Budget {
  points: number;
  windowSeconds: number;
}

/** Where the counts of a limit live: this process's memory, or the database every CMS process shares. */
export type LimitStore = 'memory' | 'database';

/** What the public may make the content API do (`config/public-api.ts`). */
export interface PublicApiOptions {
  /** The site's origins: public writes are taken from their pages only. */
  siteOrigins: string[];
  /** The render servers' own credential: their requests are not counted against a client. */
  renderServerToken: string;
  /** Every request of a client, each counted at its cost. */
  requests: Budget;
  /** A client's public writes. */
  writes: Budget;
  /** The most bytes a public write's body may have, counted as they are read. */
  writeMaxBytes: number;
  store: LimitStore;
  /** How long browsers and CDNs may keep a public read, and answer it stale while they ask again. */
  cache: { maxAge: number; staleWhileRevalidate: number };
  /** How many proxies of the deployment's own stand in front (`BLOG_PROXY_HOPS`). */
  proxyHops: number;
}

/**
 * How many proxies stand in front (`BLOG_PROXY_HOPS`, the render server's setting too). Strapi's
 * own `IS_PROXIED=true`, which trusted whatever a client put first in `X-Forwarded-For`, is read
 * as the one proxy it meant.
 */
export function proxyHops(env: NodeJS.ProcessEnv): number {
  if (env.BLOG_PROXY_HOPS === undefined && env.IS_PROXIED === 'true') return 1;
  return proxyHopsOf(env.BLOG_PROXY_HOPS);
}
