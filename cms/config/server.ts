import type { Core } from '@strapi/strapi';
import { secret } from '../src/secrets';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  // Only behind a reverse proxy may the client address come from X-Forwarded-For (rate limits key on it).
  proxy: { koa: env.bool('IS_PROXIED', false) },
  dirs: {
    // Uploaded media; tests point this at a throw-away folder.
    public: env('PUBLIC_DIR', './public'),
  },
  app: {
    keys: secret('APP_KEYS').split(','),
  },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
});

export default config;
