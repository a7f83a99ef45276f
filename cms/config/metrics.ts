import type { Core } from '@strapi/strapi';

// The CMS's metrics (README, "The CMS's metrics") listen apart from its public port.
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  port: env.int('CMS_METRICS_PORT', 9465),
  host: env('CMS_METRICS_HOST', env('HOST', '0.0.0.0')),
});
