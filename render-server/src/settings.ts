import { setting } from '@blog/server-kit';
import { z } from 'zod';

// Every variable the render server's options are made of (options.ts), with its kind, default and
// meaning: parsed once at start, and the names and defaults the configuration reference is held
// to (docs/test). An empty variable is an unset one. Nothing here starts anything: the docs' test
// imports it.

const { flag, httpAddress, httpAddresses, optional, port, positiveNumber, proxyCount, wholeNumber, withDefault } =
  setting;

/** The most reads of tiles the site's pages do not show one client may cause a minute: a map explored by hand asks far fewer. */
export const TILE_READS_PER_CLIENT = 60;

const text = () => optional(z.string());

/** The previewed builds a render server starts another with: a JSON object of each container's manifest. */
const sectionOverrides = () =>
  z
    .string()
    .transform((json, context) => {
      try {
        return JSON.parse(json) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'a JSON object of addresses' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), z.string(), { error: 'a JSON object of addresses' }));

export const renderServerSettings = z.object({
  PORT: withDefault(port(), 3000).describe('where the render server listens'),
  BLOG_HOST: text().describe('the interface it listens on; every one when unset'),
  BLOG_SITE_URL: optional(httpAddress()).describe("the site's public address; http://localhost:<PORT> when unset"),
  BLOG_SHELL_DIST: text().describe("the shell's browser build; the checkout's shell/dist when unset"),
  BLOG_REMOTES_FILE: text().describe('where each section is deployed; <dist>/remotes.json when unset'),
  BLOG_CONFIG_FILE: text().describe('the CMS and services the pages read; <dist>/config.js when unset'),
  BLOG_SECTIONS_CHECK_SECONDS: withDefault(positiveNumber(), 10).describe(
    "how often the sections' deployments are checked",
  ),
  BLOG_SECTION_TIMEOUT_SECONDS: withDefault(positiveNumber(), 5).describe(
    "how long a section's server build may take to load",
  ),
  BLOG_MAX_CONNECTIONS: withDefault(positiveNumber(), 2000).describe('the most connections held at once'),
  BLOG_HTML_CACHE_CONTROL: withDefault(
    z.string(),
    'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
  ).describe("the HTML's caching"),
  BLOG_READ_TIMEOUT_SECONDS: withDefault(positiveNumber(), 2).describe("how long all of a page's reads may take"),
  BLOG_RENDER_TIMEOUT_SECONDS: withDefault(positiveNumber(), 10).describe("how long a page's whole render may take"),
  BLOG_RENDER_THREADS: optional(wholeNumber()).describe(
    'the threads pages are rendered in, apart from the one that answers; one per core beyond the first when unset, none renders in that one',
  ),
  BLOG_CACHE_URL: text().describe("Redis's address for the pages kept; the process's memory when unset"),
  BLOG_CACHE_MAX_MB: withDefault(positiveNumber(), 64).describe('the most the pages kept in the process may take'),
  BLOG_CACHE_TTL_SECONDS: withDefault(positiveNumber(), 300).describe('how long a kept page is answered as it is'),
  BLOG_CACHE_LONG_TAIL_MB: withDefault(positiveNumber(), 8).describe(
    'the most searches and addresses that name nothing may take',
  ),
  BLOG_CACHE_READS_MB: withDefault(positiveNumber(), 4).describe(
    "the most the CMS's answers that many pages share may take, kept in the process",
  ),
  BLOG_CACHE_DIR: text().describe(
    'a folder where every kept page is written too, the most recently used kept in memory; memory only when unset',
  ),
  BLOG_CACHE_DISK_MB: withDefault(positiveNumber(), 2048).describe('the most the pages kept on disk may take'),
  BLOG_PRERENDER: withDefault(flag(), 'true').describe(
    "whether every article's page, the list's and the archive's are rendered and kept before they are asked for",
  ),
  BLOG_PRERENDER_RENDERS: withDefault(wholeNumber(1), 1).describe('how many pages the pre-renderer renders at once'),
  BLOG_PRERENDER_TTL_SECONDS: withDefault(positiveNumber(), 3600).describe(
    'how long a page the pre-renderer keeps is answered as it is; it renders it again before, and after each change',
  ),
  REVALIDATE_SECRET: text().describe('shared with the CMS, which signs its reports of changes with it'),
  BLOG_PURGE_URL: optional(httpAddress()).describe("a CDN's purge by tag"),
  BLOG_PURGE_AUTHORIZATION: text().describe('the Authorization header the purge takes'),
  BLOG_RENDERS_PER_CLIENT: withDefault(positiveNumber(), 120).describe(
    'the most renders one client may start a minute',
  ),
  BLOG_TILE_READS_PER_CLIENT: withDefault(positiveNumber(), TILE_READS_PER_CLIENT).describe(
    'the most reads of tiles no page shows one client may cause a minute',
  ),
  BLOG_PROXY_HOPS: withDefault(proxyCount(), 0).describe("how many proxies of the deployment's own stand in front"),
  RENDER_SERVER_TOKEN: text().describe("shared with the CMS, which counts no client for the server's reads"),
  PREVIEW_SECRET: text().describe('shared with the CMS, whose Preview button sends it; no preview when unset'),
  PREVIEW_API_TOKEN: text().describe('the read-only API token drafts are read with'),
  BLOG_PREVIEW_ORIGINS: withDefault(httpAddresses(), '').describe("origins a team's build may be previewed from"),
  BLOG_PREVIEW_MAX_BUILDS: withDefault(positiveNumber(), 3).describe(
    'the most render servers of previewed builds run at once',
  ),
  BLOG_PREVIEW_SECTIONS: optional(sectionOverrides()).describe(
    'set by a render server for those it starts for a preview: the builds they load',
  ),
  BLOG_STATUS_PORT: optional(port()).describe('a port on the loopback interface that answers /status'),
  BLOG_METRICS_PORT: optional(port()).describe('a port of its own where /metrics answers'),
  BLOG_METRICS_HOST: withDefault(z.string(), '127.0.0.1').describe('the interface the metrics listen on'),
});

export type RenderServerSettings = z.output<typeof renderServerSettings>;

/** The render server's settings in `env`; a bad value stops the start, in one line naming it. */
export const renderServerSettingsOf = (env: NodeJS.ProcessEnv): RenderServerSettings =>
  setting.settingsOf(renderServerSettings, env);
