/** @jest-environment node */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskPageStore } from './disk-store';
import { cachedPage, pageBody, pageBytes, type StoredPage } from './page-cache';

const kept = (body: string, tags = ['site'], renderedAt = 1_000): StoredPage => ({
  page: cachedPage({ status: 200, type: 'text/html', body, tags, degraded: false }, renderedAt),
  invalid: false,
});

let folder: string;
beforeEach(() => {
  folder = path.join(mkdtempSync(path.join(os.tmpdir(), 'disk-store-test-')), 'pages');
});
afterEach(() => rmSync(path.dirname(folder), { recursive: true, force: true }));

describe('the pages kept on disk', () => {
  it('answers a page pushed out of memory from its file as it was kept, zipped: it is not unzipped to be answered', async () => {
    const first = kept('a'.repeat(5_000), ['site', 'article-1']);
    // Room in memory for one page.
    const store = new DiskPageStore(folder, pageBytes(first.page) + 10, 1e6);
    await store.set('one', first);
    await store.set('two', kept('b'.repeat(5_000)));
    const read = await store.get('one');
    expect(read?.page.gzip).toEqual(first.page.gzip);
    expect(read?.page.body).toBeUndefined();
    expect(read && pageBody(read.page).toString()).toBe('a'.repeat(5_000));
    expect(read?.page).toMatchObject({ etag: first.page.etag, tags: ['site', 'article-1'], renderedAt: 1_000 });
    expect(await store.size()).toMatchObject({ pages: 2 });
    await store.close();
  });

  it('reads a page into memory lent for its answer, and reads it again next time rather than keep that memory', async () => {
    const page = kept('c'.repeat(5_000));
    // Room in memory for one page.
    const store = new DiskPageStore(folder, pageBytes(page.page) + 10, 1e6);
    await store.set('page', page);
    const lent = Buffer.alloc(64 * 1024);
    const lend = jest.fn((bytes: number) => lent.subarray(0, bytes));
    // In memory still: answered from there, nothing read.
    expect((await store.get('page', lend))?.page.gzip).toBe(page.page.gzip);
    expect(lend).not.toHaveBeenCalled();

    await store.set('other', kept('d'.repeat(5_000)));
    const read = await store.get('page', lend);
    expect(read?.page.gzip.buffer).toBe(lent.buffer);
    expect(read && pageBody(read.page).toString()).toBe('c'.repeat(5_000));
    lent.fill(0);
    await store.get('page', lend);
    expect(lend).toHaveBeenCalledTimes(2);
    // None lent: read into memory of its own, and kept in memory again.
    const own = await store.get('page', () => undefined);
    expect(own && pageBody(own.page).toString()).toBe('c'.repeat(5_000));
    await store.get('page', lend);
    expect(lend).toHaveBeenCalledTimes(2);
    await store.close();
  });

  it('marks a page on disk by a change of its tags, without reading it', async () => {
    const store = new DiskPageStore(folder, 1, 1e6);
    await store.set('article', kept('x', ['site', 'article-1', 'shared-articles']));
    await store.set('other', kept('y', ['site', 'article-2', 'shared-articles']));
    await store.invalidate(['article-1'], 2_000);
    await store.invalidate(['shared-articles'], 2_000, 'stale');
    expect(await store.get('article')).toMatchObject({ invalid: true, stale: true });
    expect(await store.get('other')).toMatchObject({ invalid: false, stale: true });
    expect(await store.invalidatedSince(['article-1'], 1_500)).toBe(true);
    await store.close();
  });

  it('marks a page kept again by the tags it has now, and a page dropped by none', async () => {
    const store = new DiskPageStore(folder, 1, 1e6);
    await store.set('article', kept('x', ['site', 'comments-A']));
    await store.set('article', kept('x', ['site', 'comments-B']));
    await store.invalidate(['comments-A'], 2_000);
    expect(await store.get('article')).toMatchObject({ invalid: false });
    await store.invalidate(['comments-B'], 2_000);
    expect(await store.get('article')).toMatchObject({ invalid: true });
    await store.close();
  });

  it('drops the least recently used past its bound, and their files with them', async () => {
    const page = kept('z'.repeat(2_000));
    const store = new DiskPageStore(folder, 1, 3 * (page.page.gzip.length + 600));
    for (const key of ['a', 'b', 'c', 'd']) await store.set(key, kept(`${key}${'z'.repeat(2_000)}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('d')).toBeDefined();
    expect(readdirSync(folder)).toHaveLength(3);
    await store.close();
    expect(existsSync(folder)).toBe(false);
  });

  it('keeps one file a page when it is kept again', async () => {
    const store = new DiskPageStore(folder, 1, 1e6);
    await store.set('page', kept('v1'));
    await store.set('page', kept('v2', ['site'], 2_000));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await store.get('page');
    expect(again && pageBody(again.page).toString()).toBe('v2');
    expect(readdirSync(folder)).toHaveLength(1);
    await store.close();
  });
});
