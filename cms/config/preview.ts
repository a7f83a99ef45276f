import { cmsSettings } from '../src/settings';

/**
 * The admin panel's Preview, and the render servers' read-only token for drafts
 * (docs/operating/author.md, "Previewing before publishing").
 */
const config = () => {
  const settings = cmsSettings();
  return {
    /** The site's public address; the render server there opens previews. */
    siteUrl: settings.BLOG_SITE_URL.replace(/\/+$/, ''),
    /** Shared with the render servers; none turns Preview off. */
    secret: settings.PREVIEW_SECRET,
    /** The read-only API token's key the render servers read drafts with; none creates no token. */
    apiToken: settings.PREVIEW_API_TOKEN,
  };
};

export default config;
