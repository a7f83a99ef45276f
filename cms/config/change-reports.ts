import type { Core } from '@strapi/strapi';
import type { ChangeReportOptions } from '../src/lib/change-reports';

/** The render servers told of every change to what the site shows, so they drop the pages that showed it. */
const config = ({ env }: Core.Config.Shared.ConfigParams): ChangeReportOptions => ({
  urls: env
    .array('RENDER_SERVER_URLS', [])
    .map((url) => url.trim())
    .filter(Boolean),
  secret: env('REVALIDATE_SECRET', ''),
  timeoutMs: env.int('CHANGE_REPORT_TIMEOUT_MS', 2000),
  retryDelaysMs: [250, 1000, 3000],
});

export default config;
