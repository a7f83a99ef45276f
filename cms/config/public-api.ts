import type { Core } from '@strapi/strapi';
import { proxyHops, siteOrigins, type PublicApiOptions } from '../src/lib/public-api/options';

/** What the public may make the content API do (docs/operating/security.md, "What a visitor can make the CMS do"). */
const config = ({ env }: Core.Config.Shared.ConfigParams): PublicApiOptions => ({
  siteOrigins: siteOrigins(env),
  renderServerToken: env('RENDER_SERVER_TOKEN', ''),
  requests: { points: env.int('API_RATE_LIMIT', 600), windowSeconds: env.int('API_RATE_WINDOW_SECONDS', 60) },
  writes: { points: env.int('WRITE_RATE_LIMIT', 30), windowSeconds: env.int('WRITE_RATE_WINDOW_SECONDS', 60) },
  writeMaxBytes: env.int('WRITE_MAX_BYTES', 16 * 1024),
  // Several CMS processes (PostgreSQL) share one count through the database.
  store: env('RATE_LIMIT_STORE', env('DATABASE_CLIENT', 'sqlite') === 'postgres' ? 'database' : 'memory') as
    'memory' | 'database',
  cache: {
    maxAge: env.int('API_CACHE_MAX_AGE', 5),
    staleWhileRevalidate: env.int('API_CACHE_STALE_WHILE_REVALIDATE', 60),
  },
  proxyHops: proxyHops(process.env),
});

export default config;
