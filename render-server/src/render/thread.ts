import { parentPort, workerData } from 'node:worker_threads';
import { SECTIONS, type SiteConfig } from '@blog/shared';
import { log } from '../log';
import { ServerSections, type RenderedSections } from '../sections/server-sections';
import { LiveShell, loadShellBuild } from '../shell/live-shell';
import { tracingAsked } from '../tracing';
import { renderPage } from './page';
import { serveRenders } from './thread-port';

/** What a render thread is started with: what the thread that answers read at its start. */
export interface RenderThreadData {
  config: Partial<SiteConfig>;
  siteUrl: string;
  readTimeoutMs: number;
  cmsHeaders: Record<string, string>;
  sectionTimeoutMs: number;
  /** The shell's build pages are rendered with at the thread's start; another is followed as the sections are. */
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
  const { config, siteUrl, readTimeoutMs, cmsHeaders, sectionTimeoutMs, shellDist } = workerData as RenderThreadData;
  globalThis.__BLOG_CONFIG__ = config;
  // Its spans are exported from here, children of the request's own.
  if (tracingAsked(process.env)) await (await import('../tracing-sdk')).startTracing(process.env);
  // Its own copy of the shell's build: a thread shares no module with the one that answers.
  const settings = { config, previewConfig: config, timeoutMs: sectionTimeoutMs };
  const shell = new LiveShell(await loadShellBuild(shellDist, settings), (dist) => loadShellBuild(dist, settings));
  const { sections, follow } = followedSections(sectionTimeoutMs);
  /** The sections and the shell the thread that answers renders with, followed here. */
  const followAll = (rendered: RenderedSections) =>
    Promise.all([follow(rendered), rendered.shell && shell.follow(rendered.shell)]);
  serveRenders(port, {
    async render(target, rendered, keptReads, signal) {
      await followAll(rendered);
      const { template, server } = shell.current;
      return renderPage(
        target,
        { template, shell: server, sections, siteUrl, readTimeoutMs, cmsHeaders, keptReads },
        signal,
      );
    },
    // Every route's section loaded before its first page: a page's reads and loads share one deadline.
    async follow(rendered) {
      await followAll(rendered);
      const page = sections.page();
      await Promise.allSettled(SECTIONS.map(({ module }) => page.load(module)));
    },
  });
}

if (parentPort) void start(parentPort);
