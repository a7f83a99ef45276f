import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answers, untilReady } from '@blog/server-kit';
import { freePort } from '@blog/shared/free-port';
import { SHELL_CONTAINER } from '@blog/shared/server-state';
import type { SectionOverrides } from './releases';
import { shellFolderOf } from './shell-folder';

export interface ChildRenderServersOptions {
  /** The render server's own code (`<dist>/server/index.js`), run again for each set of builds. */
  entry: string;
  /** Where the sections are deployed, by container: each server loads these, but for the builds it was started for. */
  deployed: () => Record<string, string>;
  /** The most servers kept at once; the least recently used is stopped first. */
  max: number;
  /** The render server's own settings, which each one shares. */
  env: NodeJS.ProcessEnv;
  startTimeoutMs?: number;
  /** Where the servers' logs go: this process's own output (the default), or nowhere (a command that says one line). */
  logs?: 'inherit' | 'ignore';
  /**
   * What its pages are: a preview's (the default: a banner, one browser's, never kept), or a
   * canary's (`canary.ts`: the site's pages as visitors see them, kept by no page cache).
   */
  serves?: 'preview' | 'canary';
}

interface ChildServer {
  origin: string;
  child: ChildProcess;
  dir: string;
  /** Once the process has ended. */
  exited: Promise<void>;
}

/** One set of builds' server: starting, or started. */
interface Entry {
  server: Promise<ChildServer>;
  started: boolean;
}

/** More previews were asked for at once than may run: every server is still starting. */
export class ChildRenderServersBusy extends Error {
  constructor(max: number) {
    super(`${max} previews of builds are starting already`);
  }
}

/** `BLOG_CACHE_MAX_MB` of a page cache that holds no page. */
const ONE_BYTE_IN_MB = String(1 / 1024 / 1024);

/**
 * The render servers of the sections' builds that browsers preview. A build's code runs in a
 * process of its own: it cannot reach the deployed sections' modules, and stopping it frees all it
 * loaded. At most `max` processes run at once, however many browsers ask together: one started and
 * unused for longest is stopped, and gone, before another starts; while all are still starting,
 * more are refused (`ChildRenderServersBusy`).
 */
export class ChildRenderServers {
  private servers = new Map<string, Entry>();

  constructor(private readonly options: ChildRenderServersOptions) {}

  /** The address of the server that renders with `overrides`, started when none does. */
  async origin(overrides: SectionOverrides): Promise<string> {
    const key = this.keyOf(overrides);
    const entry = this.servers.get(key);
    if (entry) {
      // Used last: the last to be stopped.
      this.servers.delete(key);
      this.servers.set(key, entry);
      return (await entry.server).origin;
    }
    let room: Promise<void> = Promise.resolve();
    if (this.servers.size >= this.options.max) {
      const oldest = [...this.servers].find(([, kept]) => kept.started);
      if (!oldest) throw new ChildRenderServersBusy(this.options.max);
      this.servers.delete(oldest[0]);
      room = oldest[1].server.then(stop, () => undefined);
    }
    const started: Entry = { server: room.then(() => this.start(overrides)), started: false };
    this.servers.set(key, started);
    started.server.then(
      () => {
        started.started = true;
      },
      () => this.servers.get(key) === started && this.servers.delete(key),
    );
    return (await started.server).origin;
  }

  /**
   * Stops every server but those of `wanted` with the other sections as deployed now: those of
   * canaries that ended, and those started before another section's release.
   */
  retain(wanted: SectionOverrides[]): void {
    const kept = new Set(wanted.map((overrides) => this.keyOf(overrides)));
    for (const [key, { server }] of this.servers) {
      if (kept.has(key)) continue;
      this.servers.delete(key);
      void server.then(stop, () => undefined);
    }
  }

  /** Stops every one. */
  close(): void {
    this.retain([]);
  }

  /** The other sections as deployed now are part of it: a release of one of them is another server. */
  private keyOf(overrides: SectionOverrides): string {
    return JSON.stringify([Object.entries(overrides).sort(([a], [b]) => a.localeCompare(b)), this.options.deployed()]);
  }

  private async start(overrides: SectionOverrides): Promise<ChildServer> {
    // The shell's canary is its release's folder (downloaded from a bucket), which the server serves and renders with.
    const { [SHELL_CONTAINER]: shell, ...sections } = overrides;
    const shellDist = shell && (await shellFolderOf(shell));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'blog-preview-build-'));
    const remotesFile = path.join(dir, 'remotes.json');
    writeFileSync(remotesFile, JSON.stringify({ ...this.options.deployed(), ...sections }));
    const port = await freePort();
    const child = spawn(process.execPath, [this.options.entry], {
      env: {
        ...this.options.env,
        ...(shellDist && { BLOG_SHELL_DIST: shellDist }),
        PORT: String(port),
        // Only this server asks it anything, at 127.0.0.1: no other interface answers.
        BLOG_HOST: '127.0.0.1',
        // This server, its one proxy, names the visitor in `X-Forwarded-For`.
        BLOG_PROXY_HOPS: '1',
        BLOG_REMOTES_FILE: remotesFile,
        BLOG_PREVIEW_SECTIONS: this.options.serves === 'canary' ? '' : JSON.stringify(sections),
        // It keeps no pages (a preview's are one browser's; a canary's would hear of no change: a
        // byte holds none) and hears of no change.
        BLOG_CACHE_URL: '',
        BLOG_CACHE_MAX_MB: this.options.serves === 'canary' ? ONE_BYTE_IN_MB : '1',
        BLOG_CACHE_LONG_TAIL_MB: ONE_BYTE_IN_MB,
        BLOG_CACHE_DIR: '',
        BLOG_PRERENDER: 'false',
        REVALIDATE_SECRET: '',
        BLOG_PURGE_URL: '',
        // It renders few pages, for a few visitors: on its one thread, with no other to start.
        BLOG_RENDER_THREADS: '0',
        // The port of the server that started it is its own.
        BLOG_METRICS_PORT: '',
        BLOG_STATUS_PORT: '',
      },
      // Its channel closes when this server ends, and it ends with it.
      stdio: ['ignore', this.options.logs ?? 'inherit', this.options.logs ?? 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Neither its process nor its channel keeps this server running once it stops.
    child.unref();
    child.channel?.unref();
    const server = { origin: `http://127.0.0.1:${port}`, child, dir, exited };
    try {
      await untilReady({
        name: `The render server of ${JSON.stringify(overrides)}`,
        child,
        ready: answers(`${server.origin}/healthz`, (status) => status === 200),
        timeoutMs: this.options.startTimeoutMs ?? 20_000,
      });
      return server;
    } catch (error) {
      await stop(server);
      throw error;
    }
  }
}

/** Stops a server; resolves once its process is gone (killed outright after 5 s). */
async function stop({ child, dir, exited }: ChildServer): Promise<void> {
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killer);
  rmSync(dir, { recursive: true, force: true });
}
