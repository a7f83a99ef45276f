import type { Core } from '@strapi/strapi';
import { cmsSettings } from '../src/settings';

const config = (): Core.Config.Middlewares => {
  const settings = cmsSettings();
  const mediaOrigins = [settings.S3_PUBLIC_URL, settings.S3_ENDPOINT]
    .filter((url) => url !== undefined)
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
        origin: settings.CORS_ORIGINS,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'],
        headers: ['Content-Type', 'X-Vote-Base'],
        credentials: false,
      },
    },
    // Article lists are tens of kilobytes of JSON; gzip cuts them to a fraction.
    'strapi::compression',
    'strapi::query',
    // Before any body is read or any credential checked: the route a request reaches, its query's
    // bounds and cost, and its client's limit.
    'global::public-door',
    // A public write's body: JSON only, its bytes counted as they are read. Others: Strapi's parser.
    'global::public-body',
    { name: 'strapi::body', config: { jsonLimit: '256kb', formLimit: '256kb', textLimit: '256kb' } },
    'strapi::session',
    'strapi::favicon',
    'strapi::public',
  ];
};

export default config;
