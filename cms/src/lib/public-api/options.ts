import type { CmsSettings } from '../../settings';

/** A limit per client: so many points in each window of so many seconds. */
export interface Budget {
  points: number;
  windowSeconds: number;
}

/** Where the counts of a limit live: this process's memory, or the database every CMS process shares. */
export type LimitStore = 'memory' | 'database';

/** What the public may make the content API do (`config/public-api.ts`). */
export interface PublicApiOptions {
  /** The site's origins (`CORS_ORIGINS`): CORS lets their pages read, and public writes are taken from them only. */
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
export const proxyHops = (settings: Pick<CmsSettings, 'BLOG_PROXY_HOPS' | 'IS_PROXIED'>): number =>
  settings.BLOG_PROXY_HOPS ?? (settings.IS_PROXIED ? 1 : 0);
