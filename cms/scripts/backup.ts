import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Knex } from 'knex';
import { Client, type ClientConfig } from 'pg';
import { dataDir } from '../config/database';
import { rowsOf } from '../src/lib/rows';
import { cmsSettingsOf } from '../src/settings';
import { CMS_DIR, configuredDatabase, databaseSettings, loadCmsEnv, sqliteDatabase } from './configured';

/**
 * The site's content in one archive, and back: `node dist/scripts/backup.js backup [--dir D]
 * [--keep N] [--every-hours H]` (H: only when the newest archive in D is older) and `node dist/scripts/backup.js restore <archive>` (docs/operating/backups.md). An archive
 * is a .tar.gz of `manifest.json`, the database (`database/content.db`, a consistent copy SQLite
 * takes while the CMS writes, or `database/content.pgdump`, pg_dump's) and the uploads
 * (`uploads/…`); the manifest names every other file with its size and SHA-256, and counts the
 * rows of every table.
 */

export const FORMAT = 'blog-content-backup';
const VERSION = 1;
const MANIFEST = 'manifest.json';
const ARCHIVE_NAME = /^blog-backup-.*\.tar\.gz$/;

export interface ManifestFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** Rows per table when the copy was taken. */
  counts: Record<string, number>;
  files: ManifestFile[];
}

/** Refusals the author reads: the archive is not one of ours, or is damaged. */
export class RefusedArchive extends Error {}

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Every regular file under `dir`, as `/`-separated paths relative to it; anything else is an error. */
export function filesUnder(dir: string, prefix = ''): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), relative);
      if (entry.isFile()) return [relative];
      throw new RefusedArchive(`${relative} is neither a file nor a folder`);
    })
    .sort();
}

export function describeFiles(root: string, files: string[]): ManifestFile[] {
  return files.map((file) => {
    const full = path.join(root, file);
    return { path: file, bytes: fs.statSync(full).size, sha256: sha256(full) };
  });
}

/**
 * Checks an unpacked archive against its manifest: ours, of a version we read, every file there with
 * its size and checksum, nothing more. Answers the manifest, or throws a RefusedArchive saying why.
 */
export function verifyUnpacked(root: string): Manifest {
  const manifestFile = path.join(root, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new RefusedArchive(`it has no ${MANIFEST}: not a backup of this site`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  } catch {
    throw new RefusedArchive(`its ${MANIFEST} is not JSON: damaged`);
  }
  if (manifest?.format !== FORMAT) throw new RefusedArchive('its manifest is not a backup of this site');
  if (manifest.version !== VERSION) throw new RefusedArchive(`it is of version ${manifest.version}, not ${VERSION}`);
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  const present = filesUnder(root).filter((file) => file !== MANIFEST);
  const extra = present.filter((file) => !listed.has(file));
  if (extra.length > 0) throw new RefusedArchive(`it holds files its manifest does not list: ${extra.join(', ')}`);
  for (const expected of manifest.files) {
    if (!present.includes(expected.path)) throw new RefusedArchive(`${expected.path} is missing: damaged`);
    const [actual] = describeFiles(root, [expected.path]);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256) {
      throw new RefusedArchive(`${expected.path} does not match its checksum: damaged`);
    }
  }
  const database = manifest.database === 'sqlite' ? 'database/content.db' : 'database/content.pgdump';
  if (!listed.has(database)) throw new RefusedArchive(`it holds no ${database}`);
  return manifest;
}

/** The newest `keep` archives stay; the names of the others, to delete (names sort by time). */
export function archivesBeyond(names: string[], keep: number): string[] {
  return names
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse()
    .slice(Math.max(keep, 1));
}

/** Where the CMS keeps the uploads: PUBLIC_DIR (relative to cms/) and its `uploads` folder. */
const uploadsDir = () => path.join(path.resolve(CMS_DIR, process.env.PUBLIC_DIR || './public'), 'uploads');

function sqliteFile(): string {
  return (databaseSettings().connection as { filename: string }).filename;
}

/** Debian's PostgreSQL programs (the newest version's), or those on the PATH. */
function postgresProgram(name: string): string {
  const root = '/usr/lib/postgresql';
  const dirs = process.env.POSTGRES_BIN_DIR
    ? [process.env.POSTGRES_BIN_DIR]
    : fs.existsSync(root)
      ? fs
          .readdirSync(root)
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join(root, version, 'bin'))
      : [];
  return dirs.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file)) ?? name;
}

/** pg_dump's and pg_restore's connection: DATABASE_URL, or the variables libpq reads. */
function postgresConnection(): { args: string[]; env: NodeJS.ProcessEnv } {
  const connection = databaseSettings().connection as {
    connectionString?: string;
    host: string;
    port: number;
    database: string;
    user: string;
    password: string;
  };
  if (connection.connectionString) return { args: ['--dbname', connection.connectionString], env: process.env };
  return {
    args: [],
    env: {
      ...process.env,
      PGHOST: connection.host,
      PGPORT: String(connection.port),
      PGDATABASE: connection.database,
      PGUSER: connection.user,
      PGPASSWORD: connection.password,
    },
  };
}

async function tableCounts(knex: Knex, client: string): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    client === 'sqlite'
      ? knex.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      : knex
          .select('table_name as name')
          .from('information_schema.tables')
          .whereRaw("table_schema = current_schema() AND table_type = 'BASE TABLE'")
          .orderBy('table_name'),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ count: number | string }>(knex(name).count({ count: '*' }));
    counts[name] = Number(row.count);
  }
  return counts;
}

/** Takes one archive into `dir` while the site runs; answers its path. */
export async function backup(dir: string): Promise<{ archive: string; manifest: Manifest }> {
  const { client } = databaseSettings();
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    const knex = configuredDatabase();
    let counts: Record<string, number>;
    try {
      if (client === 'sqlite') {
        // One read transaction copies the database as it was when it began, writers waiting at most a moment.
        await knex.raw('VACUUM INTO ?', [path.join(staging, 'database', 'content.db')]);
        const copy = sqliteDatabase(path.join(staging, 'database', 'content.db'));
        try {
          counts = await tableCounts(copy, client);
        } finally {
          await copy.destroy();
        }
      } else {
        // pg_dump reads the snapshot this transaction exports, so the counts are of the very rows it dumps.
        counts = await knex.transaction(async (trx) => {
          await trx.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
          const { rows } = await trx.raw<{ rows: { snapshot: string }[] }>('SELECT pg_export_snapshot() AS snapshot');
          const [{ snapshot }] = rows;
          const { args, env } = postgresConnection();
          execFileSync(
            postgresProgram('pg_dump'),
            [
              ...args,
              `--snapshot=${snapshot}`,
              '--format=custom',
              '--file',
              path.join(staging, 'database', 'content.pgdump'),
            ],
            { env, stdio: ['ignore', 'ignore', 'pipe'] },
          );
          return tableCounts(trx, client);
        });
      }
    } finally {
      await knex.destroy();
    }
    const uploads = uploadsDir();
    if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(staging, 'uploads'), { recursive: true });
    const files = filesUnder(staging);
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      database: client === 'sqlite' ? 'sqlite' : 'postgres',
      counts,
      files: describeFiles(staging, files),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.mkdirSync(dir, { recursive: true });
    const archive = path.join(dir, `blog-backup-${manifest.createdAt.replace(/[:.]/g, '-')}.tar.gz`);
    // Written aside, then renamed: an archive under its name is always whole.
    execFileSync('tar', ['-czf', `${archive}.partial`, '-C', staging, '.']);
    fs.renameSync(`${archive}.partial`, archive);
    return { archive, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Is a new archive due in `dir`: none there, or the newest older than `everyMs`? */
export function isDue(dir: string, everyMs: number, now: number): boolean {
  if (!fs.existsSync(dir)) return true;
  const times = fs
    .readdirSync(dir)
    .filter((name) => ARCHIVE_NAME.test(name))
    .map((name) => fs.statSync(path.join(dir, name)).mtimeMs);
  return times.length === 0 || now - Math.max(...times) >= everyMs;
}

/** Deletes all but the newest `keep` archives in `dir`; answers what it deleted. */
export function prune(dir: string, keep: number): string[] {
  const old = archivesBeyond(fs.readdirSync(dir), keep);
  for (const name of old) fs.rmSync(path.join(dir, name));
  return old;
}

/** The processes (ours to see, on Linux) that hold `file` open. */
function processesWithOpen(file: string): number[] {
  if (!fs.existsSync('/proc')) return [];
  const target = fs.existsSync(file) ? fs.realpathSync(file) : file;
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((pid) => {
      try {
        return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === target);
      } catch {
        return false; // gone, or not ours
      }
    })
    .map(Number);
}

/** Why the site is not stopped (a CMS has the database open), or nothing. */
async function siteRunning(client: string): Promise<string | undefined> {
  if (client === 'sqlite') {
    const holders = processesWithOpen(sqliteFile());
    return holders.length > 0 ? `process ${holders.join(', ')} has the database open` : undefined;
  }
  // One connection of our own, the one the count leaves out.
  const own = new Client(databaseSettings().connection as ClientConfig);
  await own.connect();
  try {
    const { rows } = await own.query<{ sessions: string }>(
      'SELECT count(*) AS sessions FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const sessions = Number(rows[0].sessions);
    return sessions > 0 ? `${sessions} other session(s) are connected to the database` : undefined;
  } finally {
    await own.end();
  }
}

/** Puts a stopped site back to the archive's state, once the archive is checked whole; else changes nothing. */
export async function restore(archive: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new RefusedArchive(`${archive} does not exist`);
  const { client } = databaseSettings();
  const running = await siteRunning(client);
  if (running) throw new RefusedArchive(`${running}: stop the site first`);
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-restore-'));
  try {
    try {
      execFileSync('tar', ['-xzf', archive, '-C', unpacked, '--no-same-owner', '--no-same-permissions'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      const said = String((error as { stderr?: Buffer }).stderr ?? '').trim();
      throw new RefusedArchive(`it is not a .tar.gz or is damaged (tar: ${said.split('\n')[0]})`);
    }
    const manifest = verifyUnpacked(unpacked);
    if ((client === 'sqlite' ? 'sqlite' : 'postgres') !== manifest.database) {
      throw new RefusedArchive(`it holds a ${manifest.database} database; this site runs on ${client}`);
    }
    if (client === 'sqlite') {
      const copy = sqliteDatabase(path.join(unpacked, 'database', 'content.db'));
      try {
        const [check] = await rowsOf<{ integrity_check: string }>(copy.raw('PRAGMA integrity_check'));
        if (check.integrity_check !== 'ok') throw new RefusedArchive(`its database fails SQLite's integrity check`);
      } finally {
        await copy.destroy();
      }
      replaceSqlite(path.join(unpacked, 'database', 'content.db'), sqliteFile());
    } else {
      const { args, env } = postgresConnection();
      execFileSync(
        postgresProgram('pg_restore'),
        [
          ...args,
          '--clean',
          '--if-exists',
          '--no-owner',
          '--single-transaction',
          path.join(unpacked, 'database', 'content.pgdump'),
        ],
        { env, stdio: ['ignore', 'ignore', 'pipe'] },
      );
    }
    replaceFolder(path.join(unpacked, 'uploads'), uploadsDir());
    await checkRestored(manifest, client);
    return manifest;
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

/** The restored database holds, table by table, the rows the manifest counted. */
async function checkRestored(manifest: Manifest, client: string) {
  const knex = configuredDatabase();
  try {
    const counts = await tableCounts(knex, client);
    const differ = Object.entries(manifest.counts).filter(([table, rows]) => counts[table] !== rows);
    if (differ.length > 0) {
      const list = differ.map(([table, rows]) => `${table}: ${counts[table] ?? 'missing'}, not ${rows}`).join('; ');
      throw new Error(`The restored database does not hold what the archive counted (${list})`);
    }
  } finally {
    await knex.destroy();
  }
}

/** The database file replaced in one rename; a journal of the old one must never meet the new one. */
function replaceSqlite(from: string, target: string) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(from, `${target}.restoring`);
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(`${target}.restoring`, target);
}

/** The uploads folder swapped for the archive's: the new one is whole before the old one goes. */
function replaceFolder(from: string, target: string) {
  const staged = `${target}.restoring`;
  const old = `${target}.replaced`;
  fs.rmSync(staged, { recursive: true, force: true });
  fs.rmSync(old, { recursive: true, force: true });
  if (fs.existsSync(from)) fs.cpSync(from, staged, { recursive: true });
  else fs.mkdirSync(staged, { recursive: true });
  if (fs.existsSync(target)) fs.renameSync(target, old);
  fs.renameSync(staged, target);
  fs.rmSync(old, { recursive: true, force: true });
}

const describeCounts = (counts: Record<string, number>) =>
  ['articles', 'comments', 'contact_me_forms', 'files']
    .filter((table) => table in counts)
    .map((table) => `${counts[table]} ${table}`)
    .join(', ');

async function main() {
  loadCmsEnv();
  const [command, ...args] = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  // Paths given on the command line are the caller's (npm run sets INIT_CWD), not cms/'s.
  const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    const dir = fromCaller(
      option('dir') ?? process.env.BLOG_BACKUP_DIR ?? path.join(dataDir(cmsSettingsOf(process.env)), 'backups'),
    );
    const everyHours = option('every-hours');
    if (everyHours && !isDue(dir, Number(everyHours) * 3_600_000, Date.now())) return;
    const { archive, manifest } = await backup(dir);
    const keep = option('keep');
    const pruned = keep ? prune(dir, Number(keep)) : [];
    console.log(
      `Backup written to ${archive} in ${took()} (${describeCounts(manifest.counts)}; ${manifest.files.length} files)` +
        (pruned.length > 0 ? `; ${pruned.length} older one(s) deleted` : ''),
    );
  } else if (command === 'restore' && args[0]) {
    const archive = fromCaller(args[0]);
    try {
      const manifest = await restore(archive);
      console.log(
        `Restored ${archive} (taken ${manifest.createdAt}: ${describeCounts(manifest.counts)}) in ${took()}.`,
      );
    } catch (error) {
      if (!(error instanceof RefusedArchive)) throw error;
      console.error(`Refused to restore ${archive}: ${error.message}. Nothing was changed.`);
      process.exitCode = 2;
    }
  } else {
    console.error(
      'usage: backup.js backup [--dir <folder>] [--keep <n>] [--every-hours <h>] | backup.js restore <archive>',
    );
    process.exitCode = 2;
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
