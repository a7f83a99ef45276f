import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort } from '@blog/cms/testing';
import type { SiteConfig } from '@blog/shared';
import builds from '../../scripts/builds.cjs';
import serve from '../../scripts/serve.cjs';

/** The sections the shell composes, by their Module Federation container. */
export type Container = 'mf_articles' | 'mf_newsletter' | 'mf_contact' | 'mf_pages';

export interface RenderServer {
  /** Its address, e.g. `http://localhost:40123`, without a trailing slash. */
  url: string;
  /** Its process. */
  pid: number;
  /** Points `container` at the section deployed at `manifestUrl` (its `remotes.json`): the server picks it up within about a second. */
  setRemote(container: Container, manifestUrl: string): void;
  /** The lines it logged (its standard output), where `logs` was asked for. */
  logs(): string[];
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

export interface RenderServerOptions {
  /** Merged into the copy's `config.js`, read by the server and the browser alike. */
  config?: Partial<SiteConfig>;
  /** Merged into the copy's `remotes.json`: where each section is deployed. */
  remotes?: Partial<Record<Container, string>>;
  /** Its port; by default one the CMS of this run answers from (see the global setup), else any free one. */
  port?: number;
  /** More of the render server's settings (`BLOG_PRERENDER: 'true'` keeps the site's pages before they are asked for). */
  env?: Record<string, string>;
  /** Whether its log is kept for the test (`logs()`) rather than printed. */
  logs?: boolean;
  /** A file its log is written to, every line of it, rather than printed (a bench: the file costs the load generator nothing). */
  logFile?: string;
  /** The shell's build it serves and renders with (its browser and server builds); the run's by default. */
  shell?: string;
}

/** An address nothing answers at: a port that was free a moment ago. */
export async function deadOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** The address of a section's manifest where nothing is deployed. */
export const deadManifest = async () => `${await deadOrigin()}/mf-manifest.json`;

/** The manifest of a section as this run deployed it. */
export const liveManifest = (container: Container) =>
  `${(JSON.parse(process.env.APP_URLS as string) as Record<string, string>)[container]}/mf-manifest.json`;

/** A render server's limits per client, lifted. */
export const NO_CLIENT_LIMITS = { BLOG_RENDERS_PER_CLIENT: '1000000', BLOG_TILE_READS_PER_CLIENT: '1000000' };

const taken = new Set<number>();

/** A port for a render server: first those whose origins the run's CMS lets read it (CORS), reserved by the global setup. */
async function portForServer(): Promise<number> {
  const spare = (JSON.parse(process.env.SPARE_SITE_PORTS ?? '[]') as number[]).find((port) => !taken.has(port));
  return spare ?? freePort();
}

/** The settings a `config.js` holds. */
export function readConfig(file: string): Partial<SiteConfig> {
  const text = fs.readFileSync(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as Partial<SiteConfig>;
}

/** Written whole, so the server's next check never reads half a file. */
function writeAtomically(file: string, text: string) {
  const next = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(next, text);
  fs.renameSync(next, file);
}

/**
 * A render server of its own, beside the run's: a copy of the run's shell (`process.env.SHELL_DIST`),
 * or of another build of the shell (`shell`), whose `config.js` and `remotes.json` are this run's
 * with `config` and `remotes` merged in, served by
 * `serveRendered` on a port of its own, rechecking its sections every second. What its pages show is
 * what the server read with those settings, as a deployment configured so would show it.
 */
export async function startRenderServer({
  config = {},
  remotes = {},
  port,
  env = {},
  logs = false,
  logFile,
  shell,
}: RenderServerOptions = {}): Promise<RenderServer> {
  const source = process.env.SHELL_DIST;
  if (!source) throw new Error('SHELL_DIST is not set: the global setup serves the shell');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-render-'));
  fs.cpSync(shell ?? source, dir, { recursive: true });
  // Another build of the shell runs with this run's settings, as the run's own does.
  if (shell)
    for (const file of ['config.js', 'remotes.json']) fs.copyFileSync(path.join(source, file), path.join(dir, file));

  const configFile = path.join(dir, 'config.js');
  writeAtomically(
    configFile,
    `window.__BLOG_CONFIG__ = ${JSON.stringify({ ...readConfig(configFile), ...config })};\n`,
  );
  const remotesFile = path.join(dir, 'remotes.json');
  const manifests: Record<string, string> = {
    ...(JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, string>),
    ...remotes,
  };
  writeAtomically(remotesFile, JSON.stringify(manifests));

  const serverPort = port ?? (await portForServer());
  taken.add(serverPort);
  let server: { pid: number; close(callback?: () => void): void };
  let output = '';
  try {
    server = await serve.serveRendered(
      dir,
      serverPort,
      {
        BLOG_SECTIONS_CHECK_SECONDS: '1',
        BLOG_SITE_URL: `http://localhost:${serverPort}`,
        // Pages are rendered when first asked for, unless a test asks for the pre-renderer (`env`).
        BLOG_PRERENDER: 'false',
        REVALIDATE_SECRET: process.env.REVALIDATE_SECRET ?? '',
        RENDER_SERVER_TOKEN: process.env.RENDER_SERVER_TOKEN ?? '',
        // Every request of a test comes from one address: limits per client are tested where they are set.
        ...NO_CLIENT_LIMITS,
        // A line a request would drown the run's output: its warnings and errors only, unless the test reads them.
        LOG_LEVEL: logs || logFile ? 'info' : 'warn',
        ...env,
      },
      {
        entry: process.env.RENDER_SERVER_ENTRY,
        logFile,
        ...(logs ? { onOutput: (chunk: string) => (output += chunk) } : {}),
      },
    );
  } catch (error) {
    taken.delete(serverPort);
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `http://localhost:${serverPort}`,
    pid: server.pid,
    logs: () => output.split('\n').filter(Boolean),
    setRemote(container, manifestUrl) {
      manifests[container] = manifestUrl;
      writeAtomically(remotesFile, JSON.stringify(manifests));
    },
    async close() {
      await new Promise<void>((resolve) => server.close(resolve));
      taken.delete(serverPort);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Deployment {
  /** The deployed section's `mf-manifest.json`. */
  manifestUrl: string;
  close(): Promise<void>;
}

/**
 * Another deployment of a section, as this run built it, on an origin of its own; without its
 * server build (`dist/server/`) when `serverBuild` is false: a deploy the browser can load and a
 * render server cannot.
 */
export async function deploySection(container: Container, { serverBuild = true } = {}): Promise<Deployment> {
  const apps = builds.apps as Record<string, { package: string }>;
  const built = path.join(path.dirname(process.env.SHELL_DIST as string), apps[container].package);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `blog-${container}-`));
  fs.cpSync(built, dir, { recursive: true });
  if (!serverBuild) fs.rmSync(path.join(dir, 'server'), { recursive: true, force: true });
  const port = await freePort();
  const server = await serve.serveDist(dir, port);
  return {
    manifestUrl: `http://localhost:${port}/mf-manifest.json`,
    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A render server of a `describe` block's own: started before its tests (with what `options` gives
 * then, once the run's stand-ins are up) and stopped after them. Read it in a test: `server().url`.
 */
export function renderServerFor(
  options: () => RenderServerOptions | Promise<RenderServerOptions> = () => ({}),
): () => RenderServer {
  let server: RenderServer | undefined;
  test.beforeAll(async () => {
    server = await startRenderServer(await options());
  });
  test.afterAll(() => server?.close());
  return () => {
    if (!server) throw new Error('The render server of this block has not started');
    return server;
  };
}
