import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { siteConfig, type SiteConfig } from '@blog/shared';
import { documentTemplate } from './document';
import { serverOptions } from './options';
import { MemoryPageStore, PageCache } from './page-cache';
import { PREVIEW_CMS_PATH } from './preview';
import { RedisPageStore } from './redis-store';
import { ServerSections } from './sections';
import { siteHandler } from './site';

// This file is `<shell dist>/server/index.js`; the shell's browser build is the folder above.
const dist = path.resolve(__dirname, '..');
const options = serverOptions(process.env, dist);

// The same CMS and services the browser is pointed at (`config.js`, editable after the build, or another file of that form).
const config = readFileSync(options.configFile, 'utf8');
globalThis.__BLOG_CONFIG__ = JSON.parse(
  config.slice(config.indexOf('{'), config.lastIndexOf('}') + 1),
) as Partial<SiteConfig>;

const sections = new ServerSections(options.remotesFile, options.sectionTimeoutMs);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const file = (href: string) => readFileSync(path.join(dist, href), 'utf8');
const template = documentTemplate(html, { config: globalThis.__BLOG_CONFIG__ ?? {}, file });
// A preview's browser reads the CMS through this server, which adds what a draft needs; media as before.
const previewTemplate = documentTemplate(html, {
  config: {
    ...globalThis.__BLOG_CONFIG__,
    cmsUrl: `${options.siteUrl}${PREVIEW_CMS_PATH}`,
    mediaUrl: siteConfig().mediaUrl,
  },
  file,
});

const store = options.cacheUrl ? new RedisPageStore(options.cacheUrl) : new MemoryPageStore(options.cacheMaxBytes);
const cache = new PageCache(store, options.cacheTtlMs);

async function start() {
  await sections.start(options.revalidateMs);
  const server = http.createServer(siteHandler(options, { template, previewTemplate, sections, cache }));
  server.listen(options.port, () => console.log(`Rendering ${options.siteUrl} on port ${options.port}`));
  if (!options.revalidateSecret)
    console.warn('REVALIDATE_SECRET is not set: the CMS cannot report changes, kept pages are renewed only by age');
  const stop = () => {
    sections.stop();
    server.close();
    void store.close();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start().catch((error: unknown) => {
  console.error('The render server could not start', error);
  process.exit(1);
});
