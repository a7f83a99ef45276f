import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { answers, untilReady } from '@blog/server-kit';
import { freePort } from '@blog/shared/free-port';

export { freePort };

const CMS_DIR = path.resolve(__dirname, '..', '..');
// Required before Strapi, as `npm start` does: it traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const TRACING = path.join(CMS_DIR, 'dist', 'src', 'tracing.js');
const SERVER = path.join(CMS_DIR, 'dist', 'src', 'server.js');

export interface StrapiProcess {
  url: string;
  /** Its metrics (`/metrics`), on a port of their own. */
  metricsUrl: string;
  /** What it has written to stdout and stderr so far. */
  output(): string;
  /** Its process: a test may pause it (SIGSTOP) to stall the CMS. */
  pid: number;
  dataDir: string;
  /** The database variables the process runs with (DATABASE_FILENAME, or DATABASE_CLIENT and DATABASE_URL). */
  database: Record<string, string>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Folder for the uploads and the SQLite file; a fresh temporary one when omitted. With
   * TEST_POSTGRES_URL set, the CMS runs on PostgreSQL instead, in a database named after this folder.
   */
  dataDir?: string;
  env?: Record<string, string>;
}

/** The database settings of a CMS whose data lives in `dir`: SQLite, or PostgreSQL when the tests run on it. */
async function databaseEnv(dir: string): Promise<Record<string, string>> {
  const server = process.env.TEST_POSTGRES_URL;
  if (!server) return { DATABASE_FILENAME: path.join(dir, 'data.db') };
  // Loaded only for PostgreSQL runs: the browser tests never need the driver.
  const { ensureDatabase } = await import('./postgres');
  const name = path
    .basename(dir)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_');
  return { DATABASE_CLIENT: 'postgres', DATABASE_URL: await ensureDatabase(server, name) };
}

/** Boots the compiled CMS (`cms/dist`) as a real Strapi process on a throw-away database. */
export async function startStrapi({ dataDir, env = {} }: StartOptions = {}): Promise<StrapiProcess> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'blog-cms-'));
  const database = await databaseEnv(dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const metricsPort = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--require', TRACING, SERVER], {
    cwd: CMS_DIR,
    env: {
      // As `npm start` runs it (scripts/start-site.mjs): two malloc arenas, not eight a core.
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      CMS_METRICS_PORT: String(metricsPort),
      ...database,
      PUBLIC_DIR: path.join(dir, 'public'),
      // Emails with no SMTP server are files: in the throw-away folder, never the CMS's own.
      BLOG_MAIL_DIR: path.join(dir, 'outbox'),
      SERVE_ADMIN_PANEL: 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      // A test's requests all come from this machine: the limits per client are the test's to set.
      API_RATE_LIMIT: '1000000',
      WRITE_RATE_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));

  await untilReady({
    name: 'Strapi',
    child,
    ready: answers(`${url}/_health`, (status) => status === 204),
    timeoutMs: 120_000,
    everyMs: 250,
    output: () => output.join(''),
  });
  return {
    url,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    output: () => output.join(''),
    pid: child.pid ?? 0,
    dataDir: dir,
    database,
    stop: () => stopProcess(child),
  };
}

/** Asks a child process to end with `signal`, and kills it if it has not ended within 10 s. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill(signal);
  });
}
