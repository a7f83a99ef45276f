import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveMetrics } from '@blog/server-kit';
import Fastify from 'fastify';
import { SHELL_CONTAINER, siteConfig, type SiteConfig } from '@blog/shared';
import { serverCounters } from './limits';
import { log } from './log';
import { mediaOnSite } from './media';
import { collectProcessMetrics, registry, watchPageStore } from './metrics';
import { serverOptions } from './options';
import { KeptReads } from './kept-reads';
import { DiskPageStore } from './disk-store';
import { MemoryPageStore, PageCache, type PageStore } from './page-cache';
import { addressOfKey, pageKey } from './page-key';
import { Prerenderer, siteListing } from './prerender';
import { PREVIEW_CMS_PATH } from './preview';
import { ChildRenderServers } from '@blog/release';
import { RedisPageStore } from './redis-store';
import { SharedParts, writePartsOnPool } from './shared-parts';
import { outdatesOnly, outdatesWhenKeptAhead } from './tags';
import { fileSections } from './sections/deployed';
import { redisRegistrySections } from './sections/registry-sections';
import { ServerSections } from './sections/server-sections';
import type { RenderThreadData } from './render/thread';
import { RenderThreads } from './render/threads';
import { LiveShell, loadShellBuild, type ShellSettings } from './shell/live-shell';
import { releaseFolders } from './shell/release-folder';
import { buildApp } from './app';
import type { Site } from './plugins/site';
import { TileCache, tilesOnSite } from './tiles';
import { tracingAsked } from './tracing';

// This file is `render-server/dist/index.js`: its own code, run again for the render servers of other builds.
const entry = path.join(__dirname, 'index.js');
/** Its settings; one it refuses stops the start with its one line rather than a stack trace. */
function startOptions() {
  try {
    // The shell's browser build: its document, assets and run-time files (`BLOG_SHELL_DIST`), by default the checkout's.
    return serverOptions(process.env, path.resolve(__dirname, '..', '..', 'shell', 'dist'));
  } catch (error) {
    process.stderr.write(`The render server cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

const options = startOptions();
const dist = options.dist;
/**
 * The folder of the shell's release at a manifest (a bucket's downloaded), or the one this server
 * serves (`BLOG_SHELL_DIST`) while the registry names none; none when it cannot be had (the live one stays).
 */
const shellDistIn = releaseFolders(dist);

// The same CMS and services the browser is pointed at (`config.js`, editable after the build, or another file of that form).
const configScript = readFileSync(options.configFile, 'utf8');
const media = mediaOnSite(
  JSON.parse(configScript.slice(configScript.indexOf('{'), configScript.lastIndexOf('}') + 1)) as Partial<SiteConfig>,
  options.siteUrl,
);
const { config, tilesFrom } = tilesOnSite(media.config, options.siteUrl);
globalThis.__BLOG_CONFIG__ = config;
// Tile servers ask to be told who asks: the site, by its address.
const tiles = tilesFrom
  ? new TileCache(tilesFrom, {
      userAgent: `${new URL(options.siteUrl).host} render server`,
      referer: `${options.siteUrl}/`,
      readsPerClient: options.tileReadsPerClient,
    })
  : undefined;

// Render servers sharing a Redis follow the release registry there, and its notices.
const deployedFile = fileSections(options.remotesFile);
// A shell release in a bucket is downloaded while it is checked, before it goes live.
const deployed = options.cacheUrl
  ? redisRegistrySections(options.cacheUrl, deployedFile, (manifest) => void shellDistIn(manifest))
  : deployedFile;
const sections = new ServerSections(deployed, options.sectionTimeoutMs);
const shellSettings: ShellSettings = {
  config,
  // A preview's browser reads the CMS through this server, which adds what a draft needs; media as before.
  previewConfig: { ...config, cmsUrl: `${options.siteUrl}${PREVIEW_CMS_PATH}`, mediaUrl: siteConfig().mediaUrl },
  timeoutMs: options.sectionTimeoutMs,
};

/** Redis, shared; else the process's memory, with every page on disk too where a folder is named. */
function pageStore(): PageStore {
  if (options.cacheUrl) return new RedisPageStore(options.cacheUrl);
  if (options.cacheDir) return new DiskPageStore(options.cacheDir, options.cacheMaxBytes, options.cacheDiskBytes);
  return new MemoryPageStore(options.cacheMaxBytes);
}
const store = pageStore();
/** The threads pages are rendered in, once started; none where pages are rendered on the thread that answers. */
let renderThreads: RenderThreads | undefined;
// The parts many pages show alike, refreshed apart from them: kept as long as pages are, and
// written into kept pages where those are rendered.
const sharedParts = new SharedParts(store, options.cacheTtlMs, Date.now, (zipped, parts) =>
  (renderThreads?.writeParts ?? writePartsOnPool)(zipped, parts),
);
// Kept ahead, a page is rendered again by the pre-renderer before its time is out, and after each
// change reported: its time bounds only a change the CMS could not report. At 20,000 articles, 5
// minutes would be 66 renders a second, beyond what two cores render.
let keptAhead: Prerenderer | undefined;
const ttlOf = (key: string) => (keptAhead?.keepsAhead(addressOfKey(key)) ? options.prerenderTtlMs : options.cacheTtlMs);
const cache = new PageCache(
  store,
  ttlOf,
  Date.now,
  new MemoryPageStore(options.cacheLongTailBytes),
  options.renderTimeoutMs,
  // Kept ahead, a changed page is answered while the pre-renderer renders it again.
  options.prerenderRenders > 0 ? outdatesWhenKeptAhead : outdatesOnly,
  // As many as there are render threads: the rest of each thread's time is for visitors.
  Math.max(1, options.renderThreads),
  sharedParts,
);
// Kept as long as pages are, and dropped by the same changes, which the page store records.
const keptReads = new KeptReads(store, options.cacheReadsBytes, options.cacheTtlMs);
// The site's pages are rendered off this thread, which answers the kept ones.
const renderThreadData: Omit<RenderThreadData, 'shellDist'> = {
  config,
  siteUrl: options.siteUrl,
  readTimeoutMs: options.readTimeoutMs,
  cmsHeaders: options.cmsHeaders,
  sectionTimeoutMs: options.sectionTimeoutMs,
};
const childEnv = { ...process.env, BLOG_SHELL_DIST: dist };
// Limits hold across the render servers that share a Redis.
const counters = serverCounters(options);
// A team's builds of sections, previewed by a browser, run in render servers of their own (this code, run again).
const previewServers =
  options.preview && !options.previewSections
    ? new ChildRenderServers({
        entry,
        deployed: () => sections.manifests(),
        max: options.previewMaxBuilds,
        env: childEnv,
      })
    : undefined;

// A section's canary runs in render servers of its own, started when its first visitor comes.
const canaryServers = options.previewSections
  ? undefined
  : new ChildRenderServers({
      entry,
      deployed: () => sections.manifests(),
      max: options.previewMaxBuilds,
      env: childEnv,
      serves: 'canary',
    });
// One render server a running canary at most (a visitor is in one canary at most), none once it ends.
sections.onCanaries((canaries) =>
  canaryServers?.retain(Object.entries(canaries).map(([container, { manifest }]) => ({ [container]: manifest }))),
);

async function start() {
  // The SDK is loaded only where traces are exported: elsewhere the spans are the API's no-ops.
  const stopTracing = tracingAsked(process.env)
    ? await (await import('./tracing-sdk')).startTracing(process.env)
    : undefined;
  const shell = new LiveShell(await loadShellBuild(await liveShellDist(), shellSettings), (next) =>
    loadShellBuild(next, shellSettings),
  );
  childEnv.BLOG_SHELL_DIST = shell.current.dist;
  await sections.start(options.checkEveryMs);
  renderThreads =
    options.renderThreads > 0
      ? new RenderThreads({
          entry,
          count: options.renderThreads,
          data: { ...renderThreadData, shellDist: shell.current.dist },
          sections: () => ({ ...sections.rendered(), shell: shell.current.dist }),
          answers: keptReads,
        })
      : undefined;
  // Each thread renders with the sections' builds as this one does from its first page on.
  await renderThreads?.follow();
  sections.onSwitch(() => void renderThreads?.follow());
  // A shell's canary renders in a render server of its own; its pages' files are answered here too.
  sections.onCanaries(({ [SHELL_CONTAINER]: canary }) => {
    if (!canary) return shell.answerToo([]);
    void shellDistIn(canary.manifest).then((canaryDist) => shell.answerToo(canaryDist ? [canaryDist] : []));
  });
  sections.onDeployed(async (now) => {
    const next = await shellDistIn(now.shell);
    if (!next || !(await shell.follow(next))) return;
    // Previews and canaries render with the shell that is live: those running the one before are
    // stopped, and started again with it when next asked for. Each thread follows it before its next page.
    childEnv.BLOG_SHELL_DIST = next;
    previewServers?.close();
    canaryServers?.close();
    await renderThreads?.follow();
  });
  const app = buildApp(options, {
    shell,
    previewServers,
    canaryServers,
    sections,
    cache,
    keptReads,
    mediaFromCms: media.mediaFromCms,
    tiles,
    counters,
    renderThreads,
  });
  await app.ready();
  // A public site's bounds (with those `site` sets): a request's headers within 10 s, and no more
  // connections than the server can answer.
  app.server.headersTimeout = 10_000;
  app.server.maxConnections = options.maxConnections;
  // Every interface unless BLOG_HOST names one, as Node listens by default (Fastify's own `listen`
  // would take localhost only).
  app.server.listen({ port: options.port, host: options.host }, () =>
    log.info(`Rendering ${options.siteUrl} on port ${options.port}`),
  );
  const prerenderer = options.prerenderRenders > 0 ? prerender(app.site.render, shell) : undefined;
  const status = options.statusPort === undefined ? undefined : await statusServer(options.statusPort, cache);
  watchPageStore(store);
  if (options.metricsPort !== undefined) collectProcessMetrics();
  // A server without its metrics still serves the site: the failure is logged, not fatal.
  const metrics =
    options.metricsPort === undefined
      ? undefined
      : await serveMetrics(registry, options.metricsPort, options.metricsHost).catch((error: Error): undefined => {
          log.error(`The metrics could not listen on ${options.metricsHost}:${options.metricsPort}: ${error.message}`);
          return undefined;
        });
  if (!options.revalidateSecret && !options.previewSections)
    log.warn('REVALIDATE_SECRET is not set: the CMS cannot report changes, kept pages are renewed only by age');
  const stop = () => {
    // Its renders are abandoned at once: none is left running.
    void prerenderer?.stop();
    sections.stop();
    previewServers?.close();
    canaryServers?.close();
    void renderThreads?.close();
    void app.close();
    void stopTracing?.();
    void status?.close();
    metrics?.close();
    void store.close();
    void counters.close();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A preview's render server ends with the one that started it, however that one ends; the channel
  // to it keeps it running no more than the server it started does.
  process.channel?.unref();
  process.on('disconnect', () => {
    stop();
    process.exit(0);
  });
}

/** The shell's build live at the start; this server's own when what is deployed cannot be read yet. */
async function liveShellDist(): Promise<string> {
  const now = await deployed.read().catch((error: Error) => {
    log.error(`What is deployed cannot be read, the shell's build of this server is rendered: ${error.message}`);
    return undefined;
  });
  return (now && (await shellDistIn(now.shell))) ?? dist;
}

/** The long tail rendered and kept before it is asked for, and again after each change (`prerender.ts`). */
function prerender(render: Site['render'], shell: LiveShell) {
  const prerenderer = new Prerenderer({
    cache,
    keyOf: (address) => pageKey(shell.current.template.id, address),
    list: () => siteListing(options.cmsHeaders),
    render,
    renders: options.prerenderRenders,
    refreshAfterMs: (options.prerenderTtlMs * 3) / 4,
    room: async () => {
      const size = await store.size().catch(() => undefined);
      // A bound nearly reached: what is rendered next would push out what is kept.
      return !size || size.bytes < size.maxBytes * 0.9;
    },
  });
  cache.onInvalidate((tags) => prerenderer.changed(tags));
  keptAhead = prerenderer;
  prerenderer.start();
  return prerenderer;
}

/** What an operator reads of the server, on the loopback interface only: its memory and how full its page cache is. */
async function statusServer(port: number, pages: PageCache) {
  const status = Fastify();
  status.get('/*', async () => {
    const kept = await pages.store.size().catch(() => undefined);
    return { cache: kept ?? null, rss: process.memoryUsage().rss };
  });
  await status.listen({ port, host: '127.0.0.1' });
  return status;
}

start().catch((error: unknown) => {
  log.fatal({ err: error }, 'The render server could not start');
  process.exit(1);
});
