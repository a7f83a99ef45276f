/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderStore, folderFiles } from './store';
import { builtFolder } from './testing';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-store-test-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A built section's folder with these files. */
const built = (name: string, files: Record<string, string>) => builtFolder(dir, name, files);

describe('the store of releases', () => {
  it('keeps every release as it was published, byte for byte, however many follow', () => {
    const store = new FolderStore(path.join(dir, 'store'));
    const first = built('first', { 'mf-manifest.json': '{}', 'server/remoteEntry.js': 'one', '.inputs-hash': 'x' });
    const second = built('second', { 'mf-manifest.json': '{}', 'server/remoteEntry.js': 'two' });
    const a = store.publish('mf_pages', first, '1.0.0');
    const b = store.publish('mf_pages', second, '1.0.0');
    expect(a.created && b.created).toBe(true);
    expect(a.id).not.toBe(b.id);
    expect(folderFiles(store.releaseDir('mf_pages', a.id))).toEqual(folderFiles(first));
    // The same bytes again are the same release; a dotfile (a build's stamp) is no part of it.
    expect(store.publish('mf_pages', first, '1.0.0')).toEqual({ id: a.id, created: false });
    expect(fs.existsSync(path.join(store.releaseDir('mf_pages', a.id), '.inputs-hash'))).toBe(false);
  });

  it('refuses to publish an id it holds with other bytes', () => {
    const store = new FolderStore(path.join(dir, 'store'));
    const folder = built('build', { 'mf-manifest.json': '{}', 'server/remoteEntry.js': 'one' });
    const { id } = store.publish('mf_pages', folder, '1.0.0');
    fs.writeFileSync(path.join(store.releaseDir('mf_pages', id), 'server', 'remoteEntry.js'), 'tampered');
    expect(() => store.publish('mf_pages', folder, '1.0.0')).toThrow(
      `release ${id} of mf_pages exists with other bytes`,
    );
    expect(fs.readFileSync(path.join(store.releaseDir('mf_pages', id), 'server', 'remoteEntry.js'), 'utf8')).toBe(
      'tampered',
    );
  });

  it('deletes the releases past the time kept, but the newest five and the live one', () => {
    const store = new FolderStore(path.join(dir, 'store'));
    const ids = Array.from({ length: 7 }, (_, index) => {
      const { id } = store.publish('mf_pages', built(`build${index}`, { 'mf-manifest.json': `${index}` }), '1.0.0');
      const hoursAgo = 48 - index;
      fs.utimesSync(store.releaseDir('mf_pages', id), new Date(), new Date(Date.now() - hoursAgo * 3_600_000));
      return id;
    });
    expect(store.prune('mf_pages', ids[0], 24 * 3_600_000)).toEqual({ releases: [ids[1]], incomplete: [] });
    expect(ids.map((id) => store.has('mf_pages', id))).toEqual([true, false, true, true, true, true, true]);
  });

  it('appends the history, never rewriting a line', () => {
    const store = new FolderStore(path.join(dir, 'store'));
    const line = {
      at: 'now',
      section: 'mf_pages',
      action: 'release' as const,
      from: null,
      to: 'a',
      check: 'passed',
      live: 'a',
    };
    store.record(line);
    const before = fs.readFileSync(path.join(store.dir, 'history.jsonl'), 'utf8');
    store.record({ ...line, from: 'a', to: 'b', live: 'b' });
    expect(fs.readFileSync(path.join(store.dir, 'history.jsonl'), 'utf8').startsWith(before)).toBe(true);
    expect(store.history().map(({ to }) => to)).toEqual(['a', 'b']);
  });

  it('writes the site its reader takes, and refuses one it would not in one line', () => {
    const store = new FolderStore(path.join(dir, 'store'));
    expect(() => store.site()).toThrow('site.json is missing: start the site first (npm start), or write it');
    const site = { renderServer: '/r/index.js', shellDist: '/s', configFile: '/s/config.js' };
    expect(
      store.setSite(JSON.stringify({ ...site, origins: { mf_pages: 'http://localhost:3004/' } }), 'in.json'),
    ).toEqual({
      mf_pages: 'http://localhost:3004',
    });
    expect(store.site()).toEqual({ ...site, origins: { mf_pages: 'http://localhost:3004' } });
    expect(() => store.setSite(JSON.stringify({ ...site, shellDist: '', origins: {} }), 'in.json')).toThrow(
      /^in\.json is not the site's description: shellDist must be the path of the shell's browser build$/,
    );
    expect(store.site().shellDist).toBe('/s');
  });
});
