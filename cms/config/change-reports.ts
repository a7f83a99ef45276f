import type { ChangeReportOptions } from '../src/lib/change-reports';
import { cmsSettings } from '../src/settings';

/** The render servers told of every change to what the site shows, so they drop the pages that showed it. */
const config = (): ChangeReportOptions => {
  const settings = cmsSettings();
  return {
    urls: settings.RENDER_SERVER_URLS,
    secret: settings.REVALIDATE_SECRET,
    timeoutMs: settings.CHANGE_REPORT_TIMEOUT_MS,
    retryDelaysMs: [250, 1000, 3000],
  };
};

export default config;
