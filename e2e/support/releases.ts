import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@blog/cms/testing';
import type { BucketServer } from '@blog/release/testing/bucket';
import builds from '../../scripts/builds.cjs';
import serve from '../../scripts/serve.cjs';
import { readConfig, startRenderServer, type RenderServer } from './render-server';

type Apps = Record<string, { package: string; port: number }>;

/** What a run of `npm run release` / `npm run releases` said, and how it ended. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A site that runs on releases, as `npm start` runs it: a store, each section's origin answering its releases, a render server following the registry. */
export interface ReleasedSite {
  store: string;
  /** Each section's origin, by container. */
  origins: Record<string, string>;
  server: RenderServer;
  /** Another render server following the same registry. */
  another(): Promise<RenderServer>;
  /** `npm run <command> -- …args` (`release` or `releases`) against this site's store. */
  run(command: 'release' | 'releases', ...args: string[]): Promise<CommandRun>;
  /** What the registry says is live, by container. */
  live(): Record<string, string>;
  close(): Promise<void>;
}

/** Whether a run of the command failed, and in how many lines it said why: a refusal is one. */
export const refusal = ({ code, stderr }: CommandRun) => ({
  failed: code !== 0,
  lines: stderr.trim().split('\n').length,
});

/** The run's build of an app (its deployed copy, pointed at the run's CMS and stand-ins). */
export const runBuild = (app: string) => path.join(path.dirname(process.env.SHELL_DIST as string), app);

/** `node scripts/release.mjs …args` (`npm run release`'s program) in `cwd`, with `env` as its whole environment. */
export function runRelease(env: NodeJS.ProcessEnv, args: string[], cwd?: string): Promise<CommandRun> {
  const child = spawn(process.execPath, [path.join(builds.root, 'scripts', 'release.mjs'), ...args], { env, cwd });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve) =>
    child.once('exit', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }),
    ),
  );
}

const runCommand = (store: string, redis: string, command: string, args: string[]) =>
  runRelease({ ...process.env, BLOG_RELEASES_DIR: store, BLOG_CACHE_URL: redis }, [command, ...args]);

/**
 * The run's builds published as each section's first release into a store of its own, each
 * section served from an origin of its own with its releases, and a render server of its own
 * that follows the registry (its 10 s check left as it is: a switch is followed by watching the
 * file, or by the notice of the registry in `redis`, which the commands and servers then share),
 * with `env` added to its settings.
 */
export async function releasedSite(redis = '', env: Record<string, string> = {}): Promise<ReleasedSite> {
  const store = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-releases-'));
  const sections = Object.entries(builds.apps as Apps).filter(([container]) => container !== 'shell');
  const origins: Record<string, string> = {};
  const servers: { close(callback: () => void): void }[] = [];
  for (const [container, { package: app }] of sections) {
    const port = await freePort();
    servers.push(await serve.serveDist(runBuild(app), port, {}, { releases: path.join(store, container) }));
    origins[container] = `http://localhost:${port}`;
  }
  const shellDist = process.env.SHELL_DIST as string;
  fs.writeFileSync(
    path.join(store, 'site.json'),
    JSON.stringify({
      renderServer: process.env.RENDER_SERVER_ENTRY,
      shellDist,
      configFile: path.join(shellDist, 'config.js'),
      origins,
    }),
  );
  const first = await runCommand(store, redis, 'first', ['--builds', path.dirname(shellDist)]);
  if (first.code !== 0) throw new Error(`The first releases failed: ${first.stderr}`);
  const others: RenderServer[] = [];
  const renderServer = () =>
    startRenderServer({
      env: {
        BLOG_REMOTES_FILE: path.join(store, 'registry.json'),
        BLOG_SECTIONS_CHECK_SECONDS: '10',
        BLOG_CACHE_URL: redis,
        ...env,
      },
    });
  const server = await renderServer();
  const registry = () =>
    JSON.parse(fs.readFileSync(path.join(store, 'registry.json'), 'utf8')) as {
      live: Record<string, { release: string }>;
    };
  return {
    store,
    origins,
    server,
    async another() {
      const other = await renderServer();
      others.push(other);
      return other;
    },
    run: (command, ...args) => runCommand(store, redis, command, args),
    live: () => Object.fromEntries(Object.entries(registry().live).map(([name, { release }]) => [name, release])),
    async close() {
      for (const each of [server, ...others]) await each.close();
      for (const each of servers) await new Promise<void>((resolve) => each.close(resolve));
      fs.rmSync(store, { recursive: true, force: true });
    },
  };
}

/** A copy of a built folder, `change` applied to it (it gets the copy's path): a build a test breaks on purpose. */
export function changedCopy(folder: string, change: (dir: string) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-build-'));
  fs.cpSync(folder, dir, { recursive: true });
  change(dir);
  return dir;
}

/** A copy of the run's build of `app` that differs from it only by a file no page loads (`label` added to `bundle-report.json`): a new release id, the same code. */
export const respunBuild = (app: string, label: string) =>
  changedCopy(runBuild(app), (dir) => fs.appendFileSync(path.join(dir, 'bundle-report.json'), `\n${label}`));

/** A team's CI with nothing of the site but a bucket and Redis (`ciOnBucket`). */
export interface BucketCi {
  /** Its own folder, on no disk of the site's: the builds it makes go there. */
  dir: string;
  /** `npm run …args` in its folder, with the bucket's settings, Redis's address and `settings` only. */
  run(args: string[], settings?: Record<string, string>): Promise<CommandRun>;
  close(): void;
}

/**
 * A CI releasing into the store `s3://<bucket>/<store>` of `bucket`, whose `site.json` the site's
 * operator has written with the bucket's settings only: `origins` (each section's, and the
 * shell's, by container) and the run's site config.
 */
export async function ciOnBucket(
  bucket: BucketServer,
  redisUrl: string,
  origins: Record<string, string>,
  store = 'site',
): Promise<BucketCi> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-ci-'));
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  const settings = { PATH: process.env.PATH, ...bucket.env, BLOG_RELEASES_STORE: `s3://${bucket.bucket}/${store}` };
  const description = path.join(dir, 'site.json');
  fs.writeFileSync(
    description,
    JSON.stringify({ origins, config: readConfig(path.join(process.env.SHELL_DIST as string, 'config.js')) }),
  );
  const written = await runRelease(settings, ['site', description], dir);
  if (written.code !== 0) throw new Error(`The bucket's site.json was not written: ${written.stderr}`);
  return {
    dir,
    // Nothing it downloads lands where the site's render servers would find it: its temporary files are its own.
    run: (args, more = {}) => runRelease({ ...settings, TMPDIR: tmp, BLOG_CACHE_URL: redisUrl, ...more }, args, dir),
    close: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
