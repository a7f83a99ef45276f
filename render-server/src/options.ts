import { availableParallelism } from 'node:os';
import path from 'node:path';
import { RENDER_SERVER_TOKEN_HEADER } from '@blog/server-kit';
import type { PreviewOptions } from './preview';
import type { SectionOverrides } from '@blog/release';
import { renderServerSettingsOf } from './settings';

/** How a render server runs: made of its settings (settings.ts), with defaults for `npm start`. */
export interface ServerOptions {
  port: number;
  /** The interface the port listens on (`BLOG_HOST`); every one by default. */
  host: string | undefined;
  /** The shell's browser build (`BLOG_SHELL_DIST`): its assets, `index.html`, `config.js` and `remotes.json`. */
  dist: string;
  /** Where each section is deployed (the same file the browser reads). */
  remotesFile: string;
  /** The CMS and services the pages read (`config.js`; the same file the browser reads). */
  configFile: string;
  /** The site's public address for canonical links, feeds and the sitemap: never the request's Host. */
  siteUrl: string;
  /** The HTML's caching, for a CDN in front. */
  htmlCacheControl: string;
  /** How often the sections' deployments are checked for a new server build. */
  checkEveryMs: number;
  /** How long a section's server build may take to load before its fallback is rendered. */
  sectionTimeoutMs: number;
  /** How long a page's reads of the CMS may take, all together, before it renders with what it has. */
  readTimeoutMs: number;
  /** How long a page's whole render may take before it is abandoned: its visitors get the last good copy, or a 503. */
  renderTimeoutMs: number;
  /** How many threads render pages, so that none is rendered on the thread that answers kept ones; 0 renders on that thread. */
  renderThreads: number;
  /** Where rendered pages are kept: Redis at this address, shared by render servers, or the process's memory. */
  cacheUrl: string | undefined;
  /** The most bytes pages kept in memory may take. */
  cacheMaxBytes: number;
  /** The folder where every kept page is also written (`DiskPageStore`), those in memory the most recently used; none keeps them in memory only. */
  cacheDir: string | undefined;
  /** The most bytes the pages kept on disk may take. */
  cacheDiskBytes: number;
  /** How many pages the pre-renderer renders at once; 0 when it is off (`BLOG_PRERENDER=false`, or a server of previews and canaries). */
  prerenderRenders: number;
  /** How long a page the pre-renderer keeps is answered as it is: it renders it again before that, and after each change reported. */
  prerenderTtlMs: number;
  /** How long a kept page is answered as it is; after that it is answered while rendered again. */
  cacheTtlMs: number;
  /** The most bytes searches and addresses that name nothing may take, in this process's memory, apart from the site's pages. */
  cacheLongTailBytes: number;
  /** The most bytes the CMS's answers that many pages share may take, kept in this process's memory (`KeptReads`). */
  cacheReadsBytes: number;
  /** The most renders one client may start a minute (pages kept are answered to it whatever the count). */
  rendersPerClient: number;
  /** The most tiles the site's pages do not show one client may have read from the tile server a minute. */
  tileReadsPerClient: number;
  /** How many proxies of the deployment's own stand in front, each adding the address it was asked by to `X-Forwarded-For`. */
  proxyHops: number;
  /**
   * What the server's reads of the CMS carry: its token (`RENDER_SERVER_TOKEN`, shared with the
   * CMS), which no visitor's reads are counted against, and a request for unzipped answers.
   */
  cmsHeaders: Record<string, string>;
  /** The most connections the server holds at once. */
  maxConnections: number;
  /** A port on the loopback interface where `/status` tells the cache's fill and the memory used; none by default. */
  statusPort: number | undefined;
  /** A port of its own where `/metrics` answers in Prometheus's text format (`BLOG_METRICS_PORT`); none by default. */
  metricsPort: number | undefined;
  /** The interface the metrics listen on (`BLOG_METRICS_HOST`, the CMS's too): the loopback one by default. */
  metricsHost: string;
  /** Shared with the CMS, which signs its reports of changes with it; none refuses every report. */
  revalidateSecret: string | undefined;
  /** A CDN's purge by tag (Cloudflare's `purge_cache`, or a hook of one's own), told the tags each report drops. */
  purge: { url: string; authorization: string | undefined } | undefined;
  /** The admin panel's Preview (`PREVIEW_SECRET`, shared with the CMS; `PREVIEW_API_TOKEN`, its read-only token); none turns it off. */
  preview: PreviewOptions | undefined;
  /** Origins a team's build may be previewed from (`BLOG_PREVIEW_ORIGINS`), beside those the sections are deployed on. */
  previewOrigins: string[];
  /** The most render servers of previewed builds run at once (`BLOG_PREVIEW_MAX_BUILDS`). */
  previewMaxBuilds: number;
  /** Set in a render server of previewed builds only: the builds it loads, which every page it renders names. */
  previewSections: SectionOverrides | undefined;
}

/** Whole bytes of a size in megabytes: a fraction of a megabyte (0.5) is a size too. */
const bytesOf = (megabytes: number) => Math.max(1, Math.floor(megabytes * 1024 * 1024));

/** The address without its trailing slashes. */
function siteAddress(value: string | undefined, port: number): string {
  if (!value) return `http://localhost:${port}`;
  const url = new URL(value);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function serverOptions(env: NodeJS.ProcessEnv, checkoutShellDist: string): ServerOptions {
  // Renamed: "revalidate" names the CMS's reports of changes (REVALIDATE_SECRET), not this.
  if (env.BLOG_REVALIDATE_SECONDS)
    throw new Error('BLOG_REVALIDATE_SECONDS is now called BLOG_SECTIONS_CHECK_SECONDS.');
  const settings = renderServerSettingsOf(env);
  const dist = settings.BLOG_SHELL_DIST ?? checkoutShellDist;
  return {
    port: settings.PORT,
    host: settings.BLOG_HOST,
    dist,
    remotesFile: settings.BLOG_REMOTES_FILE ?? path.join(dist, 'remotes.json'),
    configFile: settings.BLOG_CONFIG_FILE ?? path.join(dist, 'config.js'),
    siteUrl: siteAddress(settings.BLOG_SITE_URL, settings.PORT),
    htmlCacheControl: settings.BLOG_HTML_CACHE_CONTROL,
    checkEveryMs: settings.BLOG_SECTIONS_CHECK_SECONDS * 1000,
    sectionTimeoutMs: settings.BLOG_SECTION_TIMEOUT_SECONDS * 1000,
    readTimeoutMs: settings.BLOG_READ_TIMEOUT_SECONDS * 1000,
    renderTimeoutMs: settings.BLOG_RENDER_TIMEOUT_SECONDS * 1000,
    renderThreads: settings.BLOG_RENDER_THREADS ?? Math.max(0, availableParallelism() - 1),
    cacheUrl: settings.BLOG_CACHE_URL,
    cacheMaxBytes: bytesOf(settings.BLOG_CACHE_MAX_MB),
    cacheDir: settings.BLOG_CACHE_DIR,
    cacheDiskBytes: bytesOf(settings.BLOG_CACHE_DISK_MB),
    prerenderRenders: settings.BLOG_PRERENDER && !settings.BLOG_PREVIEW_SECTIONS ? settings.BLOG_PRERENDER_RENDERS : 0,
    prerenderTtlMs: settings.BLOG_PRERENDER_TTL_SECONDS * 1000,
    cacheTtlMs: settings.BLOG_CACHE_TTL_SECONDS * 1000,
    cacheLongTailBytes: bytesOf(settings.BLOG_CACHE_LONG_TAIL_MB),
    cacheReadsBytes: bytesOf(settings.BLOG_CACHE_READS_MB),
    rendersPerClient: settings.BLOG_RENDERS_PER_CLIENT,
    tileReadsPerClient: settings.BLOG_TILE_READS_PER_CLIENT,
    proxyHops: settings.BLOG_PROXY_HOPS,
    cmsHeaders: {
      // The CMS beside it, not a browser far away: zipping each answer cost the CMS a zlib stream
      // of native memory a read, about 300 MB it kept after reading 20,000 articles' pages
      // (docs/code/benchmarks.md), and the render thread the unzipping.
      'accept-encoding': 'identity',
      ...(settings.RENDER_SERVER_TOKEN ? { [RENDER_SERVER_TOKEN_HEADER]: settings.RENDER_SERVER_TOKEN } : {}),
    },
    maxConnections: settings.BLOG_MAX_CONNECTIONS,
    statusPort: settings.BLOG_STATUS_PORT,
    metricsPort: settings.BLOG_METRICS_PORT,
    metricsHost: settings.BLOG_METRICS_HOST,
    revalidateSecret: settings.REVALIDATE_SECRET,
    purge: settings.BLOG_PURGE_URL
      ? { url: settings.BLOG_PURGE_URL, authorization: settings.BLOG_PURGE_AUTHORIZATION }
      : undefined,
    preview: settings.PREVIEW_SECRET
      ? { secret: settings.PREVIEW_SECRET, apiToken: settings.PREVIEW_API_TOKEN }
      : undefined,
    previewOrigins: settings.BLOG_PREVIEW_ORIGINS.map((address) => new URL(address).origin),
    previewMaxBuilds: Math.max(1, Math.floor(settings.BLOG_PREVIEW_MAX_BUILDS)),
    previewSections: settings.BLOG_PREVIEW_SECTIONS,
  };
}
