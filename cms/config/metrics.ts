import type { Core } from '@strapi/strapi';

// The CMS's metrics (docs/operating/observability.md) listen apart from its public port, on the loopback
// interface unless BLOG_METRICS_HOST (the render servers' too) or CMS_METRICS_HOST names another.
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  port: env.int('CMS_METRICS_PORT', 9465),
  host: env('CMS_METRICS_HOST', env('BLOG_METRICS_HOST', '127.0.0.1')),
});
