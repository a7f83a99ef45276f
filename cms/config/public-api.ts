import { proxyHops, type PublicApiOptions } from '../src/lib/public-api/options';
import { cmsSettings } from '../src/settings';

/** What the public may make the content API do (docs/operating/security.md, "What a visitor can make the CMS do"). */
const config = (): PublicApiOptions => {
  const settings = cmsSettings();
  return {
    siteOrigins: settings.CORS_ORIGINS,
    renderServerToken: settings.RENDER_SERVER_TOKEN,
    requests: { points: settings.API_RATE_LIMIT, windowSeconds: settings.API_RATE_WINDOW_SECONDS },
    writes: { points: settings.WRITE_RATE_LIMIT, windowSeconds: settings.WRITE_RATE_WINDOW_SECONDS },
    writeMaxBytes: settings.WRITE_MAX_BYTES,
    // Several CMS processes (PostgreSQL) share one count through the database.
    store: settings.RATE_LIMIT_STORE ?? (settings.DATABASE_CLIENT === 'postgres' ? 'database' : 'memory'),
    cache: { maxAge: settings.API_CACHE_MAX_AGE, staleWhileRevalidate: settings.API_CACHE_STALE_WHILE_REVALIDATE },
    proxyHops: proxyHops(settings),
  };
};

export default config;
