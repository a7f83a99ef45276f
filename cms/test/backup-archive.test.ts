import fs from 'fs';
import os from 'os';
import path from 'path';
import { archivesBeyond, describeFiles, FORMAT, verifyUnpacked } from '../scripts/backup';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

/** An unpacked archive: `files` written, and a manifest listing `listed` of them. */
function unpacked(files: Record<string, string>, listed = Object.keys(files), manifest: Record<string, unknown> = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-unpacked-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const described = describeFiles(root, listed);
  fs.writeFileSync(
    path.join(root, 'manifest.json'),
    JSON.stringify({ format: FORMAT, version: 1, database: 'sqlite', counts: {}, files: described, ...manifest }),
  );
  return root;
}

describe('backup archives', () => {
  const good = { 'database/content.db': 'db', 'uploads/a.jpg': 'jpeg' };

  it('accepts an archive whose every file matches its manifest', () => {
    expect(verifyUnpacked(unpacked(good)).files.map((file) => file.path)).toEqual(Object.keys(good));
  });

  it('refuses a changed, missing or unlisted file, another version and a foreign manifest', () => {
    const changed = unpacked(good);
    fs.writeFileSync(path.join(changed, 'uploads/a.jpg'), 'jpeG');
    expect(() => verifyUnpacked(changed)).toThrow('uploads/a.jpg does not match its checksum: damaged');
    const missing = unpacked(good);
    fs.rmSync(path.join(missing, 'uploads/a.jpg'));
    expect(() => verifyUnpacked(missing)).toThrow('uploads/a.jpg is missing');
    expect(() => verifyUnpacked(unpacked({ ...good, 'x.sh': 'x' }, Object.keys(good)))).toThrow(
      'files its manifest does not list: x.sh',
    );
    expect(() => verifyUnpacked(unpacked(good, undefined, { version: 2 }))).toThrow('version 2');
    expect(() => verifyUnpacked(unpacked(good, undefined, { format: 'other' }))).toThrow('not a backup of this site');
    expect(() => verifyUnpacked(unpacked({ 'uploads/a.jpg': 'x' }))).toThrow('no database/content.db');
  });

  it('keeps the newest archives only', () => {
    const names = [
      'blog-backup-2026-01-03.tar.gz',
      'notes.txt',
      'blog-backup-2026-01-01.tar.gz',
      'blog-backup-2026-01-02.tar.gz',
    ];
    expect(archivesBeyond(names, 2)).toEqual(['blog-backup-2026-01-01.tar.gz']);
    expect(archivesBeyond(names, 7)).toEqual([]);
  });
});
