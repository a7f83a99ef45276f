import type { Core } from '@strapi/strapi';
import { proxyHops } from '../src/lib/public-api/options';
import { secret } from '../src/secrets';

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Server => {
  const hops = proxyHops(process.env);
  return {
    host: env('HOST', '0.0.0.0'),
    port: env.int('PORT', 1337),
    // Only the entries the deployment's own proxies added to X-Forwarded-For name the client (as the
    // limits count it, by the render server's rule): Koa's `ctx.ip` then says the same.
    proxy: { koa: hops > 0, maxIpsCount: hops },
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
  };
};

export default config;
