import type { Core } from '@strapi/strapi';

/**
 * The admin panel's Preview, and the render servers' read-only token for drafts
 * (docs/operating/author.md, "Previewing before publishing").
 */
const config = ({ env }: Core.Config.Shared.ConfigParams) => ({
  /** The site's public address; the render server there opens previews. */
  siteUrl: env('BLOG_SITE_URL', 'http://localhost:3000').replace(/\/+$/, ''),
  /** Shared with the render servers; none turns Preview off. */
  secret: env('PREVIEW_SECRET', ''),
  /** The read-only API token's key the render servers read drafts with; none creates no token. */
  apiToken: env('PREVIEW_API_TOKEN', ''),
});

export default config;
