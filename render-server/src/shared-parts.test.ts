/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SERVER_STATE_ID, createQueryClient, serializeState, type ServerState } from '@blog/shared';
import { dehydrate } from '@blog/shared/query';
import {
  MemoryPageStore,
  PageCache,
  cachedPage,
  pageBody,
  type CachedPage,
  type PageStore,
  type Render,
  type Rendered,
} from './page-cache';
import { DiskPageStore } from './disk-store';
import { pageKey } from './page-key';
import { SharedParts, partRegions, renderedParts, withParts, type RenderedPart } from './shared-parts';
import { outdatesOnly } from './tags';

/** The reads a page was rendered from, as its state holds them. */
function stateOf(reads: [unknown[], unknown][]): ServerState {
  const client = createQueryClient();
  for (const [key, data] of reads) client.setQueryData(key, data);
  return { reads: dehydrate(client), modules: ['mf_articles/Article'], failed: [], remotes: {} };
}

const popular = (titles: string[]) =>
  `<section aria-labelledby="sidebar-most-popular" data-shared-part="most-popular"><h2>Most popular</h2>` +
  `<section class="inner"><ol>${titles.map((title) => `<li>${title}</li>`).join('')}</ol></section></section>`;
const footer = (titles: string[]) =>
  `<footer class="footer" id="site-footer" data-shared-part="footer"><ul>${titles.map((title) => `<li>${title}</li>`).join('')}</ul></footer>`;

/** A page's document: its own text between its parts, and its state. */
function documentOf(parts: { popular?: string[]; recent: string[] }, reads: [unknown[], unknown][]) {
  const app =
    `<main><article><p>The article's own text, with &lt;section&gt; in it.</p></article>` +
    `${parts.popular ? popular(parts.popular) : ''}</main>${footer(parts.recent)}`;
  const html = `<html><head></head><body><div id="root">${app}</div>\n    <script id="${SERVER_STATE_ID}" type="application/json">${serializeState(stateOf(reads))}</script></body></html>`;
  return { app, html };
}

const ARTICLE: [unknown[], unknown] = [['article', 'A'], { documentId: 'a', title_article: 'A' }];
const reads = (recent: string[], popularTitles: string[]): [unknown[], unknown][] => [
  ARTICLE,
  [['recent-articles', 3], recent.map((title) => ({ title_article: title }))],
  [['contact-details'], { email: 'author@example.com' }],
  [['most-popular'], popularTitles.map((title) => ({ title_article: title }))],
];

const readsIn = (html: string) => {
  const start = html.indexOf('application/json">') + 'application/json">'.length;
  const state = JSON.parse(html.slice(start, html.indexOf('</script>', start))) as ServerState;
  return Object.fromEntries(state.reads.queries.map(({ queryKey, state: { data } }) => [String(queryKey[0]), data]));
};

const TTL = 300_000;
let clock: number;
const now = () => clock;
beforeEach(() => {
  clock = 1_000_000;
});

/** A page as rendered with these newest titles and most popular, and the parts it brings. */
const rendered = (recent: string[], popularTitles: string[], tags: string[]): Rendered => {
  const { app, html } = documentOf({ popular: popularTitles, recent }, reads(recent, popularTitles));
  return {
    status: 200,
    type: 'text/html; charset=utf-8',
    body: html,
    tags,
    degraded: false,
    parts: renderedParts(app, stateOf(reads(recent, popularTitles)), []),
  };
};

describe("a page's shared parts", () => {
  it('are found whole, each once, an element of the same kind inside one included', () => {
    const { app } = documentOf({ popular: ['P1', 'P2'], recent: ['R1'] }, []);
    const regions = partRegions(app);
    expect([...(regions ?? [])].map(([name, { start, end }]) => [name, app.slice(start, end)])).toEqual([
      ['most-popular', popular(['P1', 'P2'])],
      ['footer', footer(['R1'])],
    ]);
  });

  it('cannot be told apart where one is named twice, or a name is no part', () => {
    expect(partRegions(`${footer(['R1'])}${footer(['R2'])}`)).toBeUndefined();
    expect(partRegions('<div data-shared-part="sidebar"></div>')).toBeUndefined();
    expect(partRegions('<main><p>No part</p></main>')?.size).toBe(0);
  });

  it('are taken from a render with their reads and the tags of what they show', () => {
    const { app } = documentOf({ popular: ['P1'], recent: ['R1'] }, []);
    const parts = renderedParts(app, stateOf(reads(['R1'], ['P1'])), ['section-mf_articles']);
    expect(
      parts.map(({ name, html, reads: own, tags }) => [name, html, own.map(({ queryKey }) => queryKey), tags]),
    ).toEqual([
      [
        'most-popular',
        popular(['P1']),
        [['most-popular']],
        ['shared-articles', 'shared-comment-counts', 'section-mf_articles'],
      ],
      [
        'footer',
        footer(['R1']),
        [['recent-articles', 3], ['contact-details']],
        ['shared-articles', 'contact', 'section-mf_articles'],
      ],
    ]);
  });

  it("are written into a page with their reads, the page's own HTML and reads left as they were", () => {
    const old = documentOf({ popular: ['P1'], recent: ['R1'] }, reads(['R1'], ['P1']));
    const now = documentOf({ popular: ['P2'], recent: ['R2'] }, reads(['R2'], ['P2']));
    const parts = renderedParts(now.app, stateOf(reads(['R2'], ['P2'])), []);
    const written = withParts(old.html, new Map(parts.map((part) => [part.name, part])));
    expect(written?.replace(/<script[\s\S]*<\/script>/, '')).toBe(now.html.replace(/<script[\s\S]*<\/script>/, ''));
    expect(readsIn(written ?? '')).toEqual(readsIn(now.html));
  });

  it("are not written into a page that shows a part's read outside its parts", () => {
    // The most popular read, with no part to show it: shown elsewhere in the page.
    const page = documentOf({ recent: ['R1'] }, reads(['R1'], ['P1']));
    const now = documentOf({ popular: ['P2'], recent: ['R2'] }, reads(['R2'], ['P2']));
    const parts = renderedParts(now.app, stateOf(reads(['R2'], ['P2'])), []);
    expect(withParts(page.html, new Map(parts.map((part) => [part.name, part])))).toBeUndefined();
  });
});

describe('the shared parts kept', () => {
  const key = (address: string, build = 'b1') => pageKey(build, address);
  const partsOf = (recent: string[], popularTitles: string[]): RenderedPart[] =>
    renderedParts(documentOf({ popular: popularTitles, recent }, []).app, stateOf(reads(recent, popularTitles)), [
      'section-mf_articles',
    ]);
  const keptPage = (recent: string[], popularTitles: string[]): CachedPage =>
    cachedPage(rendered(recent, popularTitles, ['site', 'article-a', 'shared-articles']), clock);
  const textOf = (page: CachedPage | undefined) => page && gunzipSync(page.gzip).toString();

  it("write the newest into a kept page, zipped and tagged anew; the page's own render time kept", async () => {
    const parts = new SharedParts(new MemoryPageStore(1e6), TTL, now);
    const page = keptPage(['R1'], ['P1']);
    clock += 10;
    await parts.learn(key('/Home'), partsOf(['R2'], ['P2']), clock);
    const renderedAt = clock;
    // An older render does not take the place of a newer.
    await parts.learn(key('/Articles?title=B'), partsOf(['R0'], ['P0']), clock - 5);
    const written = await parts.reassemble(key('/Articles?title=A'), page);
    const expected = documentOf({ popular: ['P2'], recent: ['R2'] }, reads(['R2'], ['P2'])).html;
    expect(textOf(written?.page)?.replace(/<script[\s\S]*<\/script>/, '')).toBe(
      expected.replace(/<script[\s\S]*<\/script>/, ''),
    );
    expect(written?.page.etag).not.toBe(page.etag);
    // Kept zipped alone, as a page read from disk is: its bytes are unzipped for the few that take no gzip.
    expect(written?.page.body).toBeUndefined();
    expect([written?.page.renderedAt, written?.partsReadAt]).toEqual([page.renderedAt, renderedAt]);
  });

  it('write none that changed since it was rendered, nor one of another build of the shell, nor one past its time', async () => {
    const store = new MemoryPageStore(1e6);
    const parts = new SharedParts(store, TTL, now);
    const page = keptPage(['R1'], ['P1']);
    clock += 10;
    await parts.learn(key('/Home', 'b2'), partsOf(['R2'], ['P2']), clock);
    expect(await parts.reassemble(key('/Articles?title=A'), page)).toBeUndefined();

    await parts.learn(key('/Home'), partsOf(['R2'], ['P2']), clock);
    clock += 10;
    parts.drop(['shared-comment-counts'], clock);
    // The footer is current, the most popular not: the page is not written.
    expect(await parts.reassemble(key('/Articles?title=A'), page)).toBeUndefined();

    await parts.learn(key('/Home'), partsOf(['R3'], ['P3']), clock);
    clock += 10;
    // Reported to another render server sharing the store.
    await store.invalidate(['shared-articles'], clock);
    expect(await parts.reassemble(key('/Articles?title=A'), page)).toBeUndefined();

    await parts.learn(key('/Home'), partsOf(['R4'], ['P4']), clock + 1);
    expect(await parts.reassemble(key('/Articles?title=A'), page)).toBeDefined();
    clock += TTL + 1;
    expect(await parts.reassemble(key('/Articles?title=A'), page)).toBeUndefined();
  });

  it('keep no part that a change reached while it rendered', async () => {
    const store = new MemoryPageStore(1e6);
    const parts = new SharedParts(store, TTL, now);
    const renderedAt = clock;
    clock += 10;
    await store.invalidate(['shared-articles'], clock);
    await parts.learn(key('/Home'), partsOf(['R2'], ['P2']), renderedAt);
    expect(await parts.reassemble(key('/Articles?title=A'), keptPage(['R1'], ['P1']))).toBeUndefined();
  });
});

describe('a page cache that refreshes the shared parts apart', () => {
  const A = pageKey('b1', '/Articles?title=A');
  const HOME = pageKey('b1', '/Home');
  const articleA = (recent: string[]) => rendered(recent, ['P1'], ['site', 'article-a', 'shared-articles']);
  const home = (recent: string[]) => rendered(recent, ['P1'], ['site', 'articles', 'shared-articles']);
  const cacheOn = (store: PageStore) =>
    new PageCache(store, TTL, now, undefined, 10_000, outdatesOnly, Infinity, new SharedParts(store, TTL, now));
  /** What a page shows: its HTML, and the data of its reads. */
  const shown = (html: string) => [html.replace(/<script[\s\S]*<\/script>/, ''), readsIn(html)];
  /** The page at `key` once it is answered kept and fresh. */
  async function whenFresh(cache: PageCache, key: string, render: Render) {
    for (let tries = 0; tries < 100; tries += 1) {
      const { page, outcome } = await cache.serve(key, render);
      if (outcome === 'hit') return pageBody(page).toString();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`${key} was never fresh`);
  }

  /** A cache keeping A, then told of a publish; Home rendered after it when `homeAfter`. */
  async function published({ homeAfter }: { homeAfter: boolean }) {
    const cache = cacheOn(new MemoryPageStore(1e6));
    await cache.serve(A, () => Promise.resolve(articleA(['R1'])));
    clock += 10;
    await cache.invalidate(['articles', 'shared-articles']);
    clock += 10;
    if (homeAfter) await cache.serve(HOME, () => Promise.resolve(home(['New', 'R1'])));
    return cache;
  }

  it('writes the part a later page rendered into a page it left stale, with no render of that page', async () => {
    const cache = await published({ homeAfter: true });
    const render = jest.fn(() => Promise.resolve(articleA(['rendered'])));
    const first = await cache.serve(A, render);
    expect([first.outcome, shown(pageBody(first.page).toString())]).toEqual(['stale', shown(articleA(['R1']).body)]);
    expect(shown(await whenFresh(cache, A, render))).toEqual(shown(articleA(['New', 'R1']).body));
    expect(render).not.toHaveBeenCalled();
  });

  it('writes the parts into a page read into memory lent for its answer, from its own copy of it', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'shared-parts-test-'));
    // Room in memory for no page: each is read from its file.
    const disk = new DiskPageStore(path.join(folder, 'pages'), 1, 1e6);
    // Its record of changes read in a few milliseconds, as Redis's: the parts are written after the answer.
    const store: PageStore = Object.assign(Object.create(disk) as DiskPageStore, {
      invalidatedSince: async (tags: string[], since: number) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return disk.invalidatedSince(tags, since);
      },
    });
    const cache = cacheOn(store);
    try {
      await cache.serve(A, () => Promise.resolve(articleA(['R1'])));
      clock += 10;
      await cache.invalidate(['articles', 'shared-articles']);
      clock += 10;
      await cache.serve(HOME, () => Promise.resolve(home(['New', 'R1'])));
      const lent = Buffer.alloc(64 * 1024);
      const render = jest.fn(() => Promise.resolve(articleA(['rendered'])));
      const first = await cache.serve(A, render, undefined, undefined, (bytes) => lent.subarray(0, bytes));
      expect(first.page.gzip.buffer).toBe(lent.buffer);
      expect(shown(pageBody(first.page).toString())).toEqual(shown(articleA(['R1']).body));
      // Answered: the memory is lent to another page's answer.
      lent.fill(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const written = await cache.peek(A);
      expect(written && shown(pageBody(written).toString())).toEqual(shown(articleA(['New', 'R1']).body));
      expect(render).not.toHaveBeenCalled();
    } finally {
      await cache.store.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('writes the parts into one page at a time, a few a second, the others answered as they are meanwhile', async () => {
    const B = pageKey('b1', '/Articles?title=B');
    const articleB = (recent: string[]) => rendered(recent, ['P1'], ['site', 'article-b', 'shared-articles']);
    const cache = cacheOn(new MemoryPageStore(1e6));
    await cache.serve(A, () => Promise.resolve(articleA(['R1'])));
    await cache.serve(B, () => Promise.resolve(articleB(['R1'])));
    clock += 10;
    await cache.invalidate(['articles', 'shared-articles']);
    clock += 10;
    await cache.serve(HOME, () => Promise.resolve(home(['New', 'R1'])));
    const render = jest.fn(() => Promise.resolve(articleA(['rendered'])));
    expect((await cache.serve(A, render)).outcome).toBe('stale');
    expect(shown(await whenFresh(cache, A, render))).toEqual(shown(articleA(['New', 'R1']).body));
    // A's written, and 50 ms have not passed: B is answered as it is, and waits its turn.
    expect((await cache.serve(B, render)).outcome).toBe('stale');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = await cache.serve(B, render);
    expect([waiting.outcome, shown(pageBody(waiting.page).toString())]).toEqual([
      'stale',
      shown(articleB(['R1']).body),
    ]);
    clock += 50;
    expect(shown(await whenFresh(cache, B, render))).toEqual(shown(articleB(['New', 'R1']).body));
    expect(render).not.toHaveBeenCalled();
  });

  it('renders the page again where no page has rendered the part since it changed', async () => {
    const cache = await published({ homeAfter: false });
    const render = jest.fn(() => Promise.resolve(articleA(['New', 'R1'])));
    expect((await cache.serve(A, render)).outcome).toBe('stale');
    expect(shown(await whenFresh(cache, A, render))).toEqual(shown(articleA(['New', 'R1']).body));
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps no page as current that a change of its own reached while its parts were written', async () => {
    const cache = await published({ homeAfter: true });
    expect((await cache.serve(A, () => Promise.resolve(articleA(['unused'])))).outcome).toBe('stale');
    await cache.invalidate(['article-a']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const render = jest.fn(() => Promise.resolve(articleA(['New', 'R1'])));
    expect((await cache.serve(A, render)).outcome).toBe('miss');
    expect(render).toHaveBeenCalledTimes(1);
  });
});
