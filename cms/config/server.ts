import type { Core } from '@strapi/strapi';
import { proxyHops } from '../src/lib/public-api/options';
import { secret } from '../src/secrets';
import { cmsSettings } from '../src/settings';

const config = (): Core.Config.Server => {
  const settings = cmsSettings();
  const hops = proxyHops(settings);
  return {
    host: settings.HOST,
    port: settings.PORT,
    // Only the entries the deployment's own proxies added to X-Forwarded-For name the client (as the
    // limits count it, by the render server's rule): Koa's `ctx.ip` then says the same.
    proxy: { koa: hops > 0, maxIpsCount: hops },
    dirs: {
      // Uploaded media; tests point this at a throw-away folder.
      public: settings.PUBLIC_DIR,
    },
    app: {
      keys: secret('APP_KEYS').split(','),
    },
    webhooks: {
      populateRelations: settings.WEBHOOKS_POPULATE_RELATIONS,
    },
  };
};

export default config;
