import fs from 'fs';
import os from 'os';
import path from 'path';
import { moveDatabase } from '../src/lib/data-folder';

describe("the database's move to the data folder", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-move-'));
  const from = path.join(dir, '.tmp', 'data.db');
  const to = path.join(dir, 'data', 'content.db');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('moves an old database and its journal once, with a log line, and never over a newer one', () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    expect(moveDatabase(from, to, log)).toBe(false);
    fs.mkdirSync(path.dirname(from));
    fs.writeFileSync(from, 'content');
    fs.writeFileSync(`${from}-wal`, 'journal');
    expect(moveDatabase(from, to, log)).toBe(true);
    expect(fs.readFileSync(to, 'utf8')).toBe('content');
    expect(fs.readFileSync(`${to}-wal`, 'utf8')).toBe('journal');
    expect(fs.existsSync(from)).toBe(false);
    expect(lines).toEqual([`The database moved from ${from} to ${to}, the folder of the site's content.`]);

    fs.writeFileSync(from, 'older');
    expect(moveDatabase(from, to, log)).toBe(false);
    expect(fs.readFileSync(to, 'utf8')).toBe('content');
    expect(lines).toHaveLength(1);
  });
});
