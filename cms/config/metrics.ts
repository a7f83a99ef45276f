import { cmsSettings } from '../src/settings';

// The CMS's metrics (docs/operating/observability.md) listen apart from its public port, on the loopback
// interface unless BLOG_METRICS_HOST (the render servers' too) or CMS_METRICS_HOST names another.
export default () => {
  const settings = cmsSettings();
  return { port: settings.CMS_METRICS_PORT, host: settings.CMS_METRICS_HOST ?? settings.BLOG_METRICS_HOST };
};
