import { parentPort, workerData } from 'node:worker_threads';
import { SECTIONS, type SiteConfig } from '@blog/shared';
import { log } from '../log';
import { ServerSections, type RenderedSections } from '../sections/server-sections';
import { loadShell, shellEntryOf } from '../shell/server-shell';
import { tracingAsked } from '../tracing';
import type { DocumentTemplate } from './document';
import { renderPage } from './page';
import { serveRenders } from './thread-port';

/** What a render thread is started with: what the thread that answers read at its start. */
export interface RenderThreadData {
  template: DocumentTemplate;
  config: Partial<SiteConfig>;
  siteUrl: string;
  readTimeoutMs: number;
  cmsHeaders: Record<string, string>;
  sectionTimeoutMs: number;
  /** The shell's build whose server entry pages are rendered with (`BLOG_SHELL_DIST`). */
  shellDist: string;
}

const UNTOLD: RenderedSections = { manifests: {}, version: -1 };

const sameManifests = (some: Record<string, string>, others: Record<string, string>) =>
  Object.keys(some).length === Object.keys(others).length &&
  Object.entries(some).every(([container, manifest]) => others[container] === manifest);

/**
 * The sections' server builds as the thread that answers renders with them: loaded here too, and
 * another build followed before the first page that thread renders with it.
 */
function followedSections(timeoutMs: number) {
  let told = UNTOLD;
  const sections = new ServerSections(
    { read: () => Promise.resolve({ manifests: told.manifests, canaries: {} }), follow: () => () => undefined },
    timeoutMs,
  );
  let switching = Promise.resolve();
  return {
    sections,
    follow: (rendered: RenderedSections): Promise<void> => {
      if (rendered.version !== told.version) {
        told = rendered;
        switching = sections
          .checkDeployments()
          .catch((error: unknown) => log.error({ err: error }, 'A render thread could not follow the sections'))
          .then(() => {
            // A build that did not load here is tried again with the next page.
            if (!sameManifests(sections.manifests(), rendered.manifests)) told = UNTOLD;
          });
      }
      return switching;
    },
  };
}

async function start(port: NonNullable<typeof parentPort>) {
  const { template, config, siteUrl, readTimeoutMs, cmsHeaders, sectionTimeoutMs, shellDist } =
    workerData as RenderThreadData;
  globalThis.__BLOG_CONFIG__ = config;
  // Its spans are exported from here, children of the request's own.
  if (tracingAsked(process.env)) await (await import('../tracing-sdk')).startTracing(process.env);
  // Its own copy of the shell's server entry: a thread shares no module with the one that answers.
  const shell = await loadShell(await shellEntryOf(shellDist), sectionTimeoutMs);
  const { sections, follow } = followedSections(sectionTimeoutMs);
  serveRenders(port, {
    async render(target, rendered, keptReads, signal) {
      await follow(rendered);
      return renderPage(target, { template, shell, sections, siteUrl, readTimeoutMs, cmsHeaders, keptReads }, signal);
    },
    // Every route's section loaded before its first page: a page's reads and loads share one deadline.
    async follow(rendered) {
      await follow(rendered);
      const page = sections.page();
      await Promise.allSettled(SECTIONS.map(({ module }) => page.load(module)));
    },
  });
}

if (parentPort) void start(parentPort);
