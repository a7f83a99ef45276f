import path from 'node:path';

/** How a render server runs: from its environment, with defaults for `npm start`. */
export interface ServerOptions {
  port: number;
  /** The shell's browser build: its assets, `index.html`, `config.js` and `remotes.json`. */
  dist: string;
  /** Where each section is deployed (the same file the browser reads). */
  remotesFile: string;
  /** The site's public address for canonical links, feeds and the sitemap; the request's own host when unset. */
  siteUrl: string | undefined;
  /** The HTML's caching, for a CDN in front. */
  htmlCacheControl: string;
  /** How often the sections' deployments are checked for a new server build. */
  revalidateMs: number;
  /** How long a section's server build may take to load before its fallback is rendered. */
  sectionTimeoutMs: number;
}

export const DEFAULT_HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

const positive = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : fallback;
};

export function serverOptions(env: NodeJS.ProcessEnv, dist: string): ServerOptions {
  return {
    port: positive(env.PORT, 3000),
    dist,
    remotesFile: env.BLOG_REMOTES_FILE ?? path.join(dist, 'remotes.json'),
    siteUrl: env.BLOG_SITE_URL?.replace(/\/+$/, '') || undefined,
    htmlCacheControl: env.BLOG_HTML_CACHE_CONTROL ?? DEFAULT_HTML_CACHE_CONTROL,
    revalidateMs: positive(env.BLOG_REVALIDATE_SECONDS, 10) * 1000,
    sectionTimeoutMs: positive(env.BLOG_SECTION_TIMEOUT_SECONDS, 5) * 1000,
  };
}
