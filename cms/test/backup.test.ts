import { execFile, execFileSync } from 'child_process';
import { createHash } from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { promisify } from 'util';
import type { Knex } from 'knex';
import { databaseOf } from './support/database';
import { TEST_ENV } from './support/global-setup';
import { post } from './support/smtp';
import { startStrapi, type StrapiProcess } from './support/strapi-process';

const CMS_DIR = path.resolve(__dirname, '..');
const SCRIPT = path.join(CMS_DIR, 'dist', 'scripts', 'backup.js');
const run = promisify(execFile);

/** The script as `npm run backup` / `npm run restore` run it, on the database and uploads of `cms`. */
async function script(cms: StrapiProcess, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
      cwd: CMS_DIR,
      env: { ...process.env, ...cms.database, PUBLIC_DIR: path.join(cms.dataDir, 'public') },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

/** What the public reads: the pages' queries, and every upload's bytes. */
async function publicState(cms: StrapiProcess) {
  const reads = [
    '/api/article-summaries?page=1&pageSize=50',
    '/api/articles?populate=*&pagination[pageSize]=100&sort=id',
    '/api/comments?pagination[pageSize]=100&sort=id',
    '/api/most-popular-articles',
    '/api/article-topics',
    '/api/archive-years',
    '/api/contact-details?populate=*',
    '/api/about-mes?populate=*',
  ];
  const answers = await Promise.all(reads.map(async (read) => (await fetch(`${cms.url}${read}`)).text()));
  const uploads = path.join(cms.dataDir, 'public', 'uploads');
  const files = fs
    .readdirSync(uploads)
    .sort()
    .map(
      (name) =>
        `${name} ${createHash('sha256')
          .update(fs.readFileSync(path.join(uploads, name)))
          .digest('hex')}`,
    );
  return { answers, files };
}

/** Everything the site holds, as bytes: every table's rows and every upload. */
async function contentHash(cms: StrapiProcess, database: Knex): Promise<string> {
  const hash = createHash('sha256');
  const tables = cms.database.DATABASE_URL
    ? (
        await database.raw<{ rows: { name: string }[] }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
        )
      ).rows
    : await database.raw<{ name: string }[]>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY 1",
      );
  for (const { name } of tables) {
    hash.update(name).update(JSON.stringify(await database(name).select('*').orderByRaw('1')));
  }
  const uploads = path.join(cms.dataDir, 'public', 'uploads');
  for (const name of fs.readdirSync(uploads).sort())
    hash.update(name).update(fs.readFileSync(path.join(uploads, name)));
  return hash.digest('hex');
}

describe('backups', () => {
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-backups-'));
  let cms: StrapiProcess;

  afterAll(async () => {
    await cms?.stop();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('takes a consistent copy while 10 clients write, and restores it exactly, refusing a damaged archive', async () => {
    const env = { ...TEST_ENV, GEOCODER_URL: '' };
    cms = await startStrapi({ env });
    const before = await publicState(cms);

    // 10 clients post comments, one after another each, until told to stop.
    const acknowledged: { documentId: string; at: number }[] = [];
    let writing = true;
    const clients = Array.from({ length: 10 }, async (_, client) => {
      for (let index = 0; writing; index += 1) {
        const answer = await post(cms, 'comments', {
          name: `Client ${client}`,
          comment: `#${index}`,
          article: 'Backup',
        });
        expect(answer.status).toBe(200);
        acknowledged.push({ documentId: answer.documentId, at: Date.now() });
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const backupStarted = Date.now();
    const taken = await script(cms, 'backup', '--dir', backups);
    writing = false;
    await Promise.all(clients);
    expect(taken.output).toMatch(/^Backup written to .*blog-backup-.*\.tar\.gz in /);
    expect(taken.code).toBe(0);
    const [archive] = fs.readdirSync(backups).map((name) => path.join(backups, name));
    const beforeBackup = acknowledged.filter(({ at }) => at < backupStarted).map(({ documentId }) => documentId);
    expect(beforeBackup.length).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(beforeBackup.length);

    // A running site is not restored under its feet.
    const refused = await script(cms, 'restore', archive);
    expect(refused.output).toContain('stop the site first');
    expect(refused.code).toBe(2);

    await cms.stop();
    const restored = await script(cms, 'restore', archive);
    expect(restored.output).toMatch(/^Restored .* in /);
    expect(restored.code).toBe(0);

    let database = databaseOf(cms);
    try {
      const stored = (await database('comments').select('document_id')).map(
        (row: { document_id: string }) => row.document_id,
      );
      expect(stored).toEqual(expect.arrayContaining(beforeBackup));
      if (!cms.database.DATABASE_URL) {
        expect(await database.raw('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      }
      const manifest = JSON.parse(execFileSync('tar', ['-xzOf', archive, './manifest.json'], { encoding: 'utf8' })) as {
        counts: Record<string, number>;
      };
      expect(manifest.counts.comments).toBe(stored.length);

      // The same site as before the backup, from the restored copy.
      cms = await startStrapi({ dataDir: cms.dataDir, env });
      expect(await publicState(cms)).toEqual(before);
      await cms.stop();

      // Damaged, foreign or missing: refused, with nothing changed.
      const unchanged = await contentHash(cms, database);
      // This test's own connection would count as a running site.
      await database.destroy();
      const damaged = path.join(backups, 'damaged.tar.gz');
      const bytes = fs.readFileSync(archive);
      for (let at = Math.floor(bytes.length / 2); at < bytes.length / 2 + 64; at += 1) bytes[at] ^= 0xff;
      fs.writeFileSync(damaged, bytes);
      const foreignDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-foreign-'));
      fs.writeFileSync(path.join(foreignDir, 'notes.txt'), 'not a backup');
      const foreign = path.join(backups, 'foreign.tar.gz');
      execFileSync('tar', ['-czf', foreign, '-C', foreignDir, '.']);
      fs.rmSync(foreignDir, { recursive: true });
      const refusals = [
        [damaged, /damaged/],
        [foreign, /not a backup of this site/],
        [path.join(backups, 'none.tar.gz'), /does not exist/],
      ] as const;
      for (const [file, why] of refusals) {
        const answer = await script(cms, 'restore', file);
        expect(answer.code).toBe(2);
        expect(answer.output).toMatch(/^Refused to restore .*Nothing was changed\.\n$/);
        expect(answer.output).toMatch(why);
      }
      database = databaseOf(cms);
      expect(await contentHash(cms, database)).toBe(unchanged);
    } finally {
      await database.destroy();
    }
  }, 240_000);
});
