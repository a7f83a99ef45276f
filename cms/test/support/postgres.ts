import { execFileSync, spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { untilReady } from '@blog/server-kit';
import { Client } from 'pg';
import { freePort, stopProcess } from './strapi-process';

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>`: append a database name. */
  url: string;
  stop(): Promise<void>;
}

/** Debian's PostgreSQL (`npm test` installs it when missing): the newest version's programs. */
function binDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [];
  const found = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
    .find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL is not installed: `npm test` installs it (apt-get install postgresql).');
  return found;
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A throw-away PostgreSQL server on a free port, its data in a temporary folder removed on stop. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const user = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-postgres-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  // A UTF-8 locale, whatever the environment's: lower() (the read model's search) then folds every script.
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'],
    {
      ...user,
      stdio: 'pipe',
    },
  );
  const port = await freePort();
  const output: string[] = [];
  const server = spawn(
    path.join(bin, 'postgres'),
    // A test server: durability traded for speed; room for several CMS processes' pools.
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout?.on('data', (chunk) => output.push(String(chunk)));
  server.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const url = `postgres://postgres@127.0.0.1:${port}`;
  await untilReady({
    name: 'PostgreSQL',
    child: server,
    ready: () => acceptsConnections(`${url}/postgres`),
    timeoutMs: 30_000,
    everyMs: 200,
    output: () => output.join(''),
  });
  return {
    url,
    stop: async () => {
      // SIGINT: PostgreSQL's fast shutdown.
      await stopProcess(server, 'SIGINT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// "already exists", or a unique violation when two sessions create it at the same moment.
const DUPLICATE_DATABASE = ['42P04', '23505'];

/** Creates the database unless it exists; answers its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    // Several CMS processes starting on one database each ask for it.
    if (!DUPLICATE_DATABASE.includes((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}

/** Whether PostgreSQL at `url` accepts a connection now. */
async function acceptsConnections(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } finally {
    await client.end().catch((): undefined => undefined);
  }
}
