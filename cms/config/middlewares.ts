import type { Core } from '@strapi/strapi';

const DEFAULT_SITE_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Middlewares => {
  const origins = env.array('CORS_ORIGINS', DEFAULT_SITE_ORIGINS);
  const mediaOrigins = [env('S3_PUBLIC_URL', ''), env('S3_ENDPOINT', '')]
    .filter(Boolean)
    .map((url) => new URL(url).origin);
  return [
    // Metrics, and one log line a request (replaces strapi::logger): outermost, to see final statuses.
    'global::request-telemetry',
    'strapi::errors',
    'global::json-errors',
    {
      name: 'strapi::security',
      config: {
        // The site's pages live on other origins and embed the media this server holds.
        crossOriginResourcePolicy: { policy: 'cross-origin' },
        // The admin panel shows media kept on S3-compatible storage, when configured.
        contentSecurityPolicy: {
          useDefaults: true,
          directives: {
            'connect-src': ["'self'", 'https:'],
            'img-src': ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', ...mediaOrigins],
            'media-src': ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', ...mediaOrigins],
            upgradeInsecureRequests: null,
          },
        },
      },
    },
    {
      name: 'strapi::cors',
      config: {
        origin: origins,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
        headers: ['Content-Type', 'X-Vote-Base'],
        credentials: false,
      },
    },
    { name: 'global::write-origin', config: { origins } },
    { name: 'global::write-size', config: { maxBytes: env.int('WRITE_MAX_BYTES', 16 * 1024) } },
    {
      name: 'global::write-rate-limit',
      config: {
        max: env.int('WRITE_RATE_LIMIT', 30),
        windowSeconds: env.int('WRITE_RATE_WINDOW_SECONDS', 60),
        // Several CMS processes (PostgreSQL) share one limit through the database.
        store: env('WRITE_RATE_STORE', env('DATABASE_CLIENT', 'sqlite') === 'postgres' ? 'database' : 'memory'),
      },
    },
    'strapi::poweredBy',
    // Article lists are tens of kilobytes of JSON; gzip cuts them to a fraction.
    'strapi::compression',
    // Inside compression, so it hashes the JSON before it is compressed.
    {
      name: 'global::public-cache',
      config: {
        maxAge: env.int('API_CACHE_MAX_AGE', 5),
        staleWhileRevalidate: env.int('API_CACHE_STALE_WHILE_REVALIDATE', 60),
      },
    },
    'strapi::query',
    'global::published-only',
    { name: 'strapi::body', config: { jsonLimit: '256kb', formLimit: '256kb', textLimit: '256kb' } },
    'strapi::session',
    'strapi::favicon',
    'strapi::public',
  ];
};

export default config;
