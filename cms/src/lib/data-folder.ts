import fs from 'fs';
import path from 'path';

/** Where the SQLite database lived before it had a folder of its own. */
export const LEGACY_DATABASE = '.tmp/data.db';
/** The site's content: the database, with its backups and unsent emails beside it. */
export const DATABASE = 'data/content.db';

/**
 * Moves an SQLite database (with any journal of it) from `from` to `to`, once: only when `from`
 * exists and `to` does not. Answers whether it moved.
 */
export function moveDatabase(from: string, to: string, log: (line: string) => void): boolean {
  if (!fs.existsSync(from) || fs.existsSync(to)) return false;
  fs.mkdirSync(path.dirname(to), { recursive: true });
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (fs.existsSync(`${from}${suffix}`)) fs.renameSync(`${from}${suffix}`, `${to}${suffix}`);
  }
  fs.renameSync(from, to);
  log(`The database moved from ${from} to ${to}, the folder of the site's content.`);
  return true;
}
