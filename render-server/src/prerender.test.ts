/** @jest-environment node */
import * as shared from '@blog/shared';
import { MemoryPageStore, PageCache, type Rendered } from './page-cache';
import { pageKey } from './page-key';
import { TAG, outdatesWhenKeptAhead } from './tags';
import { Prerenderer, siteListing, targetOf, type Listing } from './prerender';
import type { PageTarget } from './render/page';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual<typeof shared>('@blog/shared'),
  fetchArticleSummaries: jest.fn(),
  fetchArchiveYears: jest.fn(),
  fetchArchiveYear: jest.fn(),
}));

const page = (address: string, tags = ['site']): Rendered => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body: `<p>${address}</p>`,
  tags,
  degraded: false,
});

const keyOf = (address: string) => pageKey('build', address);
/** Each page listed with a tag of its own, `page-<address>`. */
const listed = (...hrefs: string[]): Listing => ({
  targets: hrefs.map((href) => targetOf(href, [`page-${targetOf(href, []).address}`])),
  complete: true,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Until `done` holds (at most 2 s): what runs in the background has got there. */
async function until(done: () => boolean) {
  for (let waited = 0; !done() && waited < 2_000; waited += 5) await settle();
}

/** A pre-renderer over a cache in memory, with a render that answers at once unless held. */
function prerenderer(listing: () => Listing, renders = 1, room = () => Promise.resolve(true), refreshAfterMs?: number) {
  const cache = new PageCache(new MemoryPageStore(1e6), 60_000, Date.now, undefined, 10_000, outdatesWhenKeptAhead);
  const rendered: string[] = [];
  const render = jest.fn((target: PageTarget, signal: AbortSignal) => {
    rendered.push(target.address);
    signal.throwIfAborted();
    return Promise.resolve(page(target.address, [`page-${target.address}`]));
  });
  const list = jest.fn(() => Promise.resolve(listing()));
  const pre = new Prerenderer({ cache, keyOf, list, render, renders, room, pauseMs: 1, refreshAfterMs });
  return { cache, pre, render, rendered, list };
}

describe('what it lists', () => {
  it('lists the list pages, the archive and its years, then every article, as the routes keep them', async () => {
    jest.mocked(shared.fetchArticleSummaries).mockResolvedValue({
      data: [],
      meta: { pagination: { page: 1, pageSize: 12, pageCount: 3, total: 30 } },
    });
    jest.mocked(shared.fetchArchiveYears).mockResolvedValue([2026, 2025]);
    jest
      .mocked(shared.fetchArchiveYear)
      .mockImplementation((year) =>
        Promise.resolve([
          { documentId: `d${year}`, title_article: `Drones & tanks ${year}?`, date_of_the_article: '' },
        ]),
      );
    const { targets, complete } = await siteListing({});
    expect(complete).toBe(true);
    expect(targets.map(({ address }) => address)).toEqual([
      '/Articles',
      '/Articles?page=2',
      '/Articles?page=3',
      '/New-letter',
      '/New-letter?year=2026',
      '/New-letter?year=2025',
      '/Articles?title=Drones%20%26%20tanks%202026%3F',
      '/Articles?title=Drones%20%26%20tanks%202025%3F',
    ]);
    expect(targets[0]).toMatchObject({ section: { title: 'Articles' }, tags: ['articles'] });
    expect(targets[4]).toMatchObject({ section: { title: 'Newsletter' }, tags: ['articles'] });
    expect(targets[6].tags).toEqual(['article-d2026', TAG.comments('Drones & tanks 2026?')]);
  });

  it('names an article at the address its link is kept under', () => {
    const href = shared.articleHref('Naval power, 2026');
    const url = new URL(href, 'http://site');
    const route = shared.routeAt(url.pathname)!;
    expect(targetOf(href, []).address).toBe(shared.pageAddress(route.path, route.section, url.searchParams));
  });
});

describe('the pre-renderer', () => {
  it('renders every listed page that is not kept, kept as a visitor would find it', async () => {
    const { cache, pre, rendered } = prerenderer(() => listed('/Articles', '/Articles?title=a', '/Articles?title=b'));
    await cache.serve(keyOf('/Articles?title=a'), () => Promise.resolve(page('/Articles?title=a')));
    pre.start();
    await pre.idle();
    expect(rendered).toEqual(['/Articles', '/Articles?title=b']);
    expect((await cache.serve(keyOf('/Articles?title=b'), () => Promise.reject(new Error('kept')))).outcome).toBe(
      'hit',
    );
  });

  it('says which pages it keeps ahead: those the site lists', async () => {
    const { pre } = prerenderer(() => listed('/Articles', '/Articles?title=a'));
    pre.start();
    await pre.idle();
    expect(['/Articles?title=a', '/Articles', '/Articles?search=a'].map((address) => pre.keepsAhead(address))).toEqual([
      true,
      true,
      false,
    ]);
    await pre.stop();
  });

  it('renders again each page it kept once it is that old, unasked, before its time in the cache is out', async () => {
    const refreshAfterMs = 300;
    const { cache, pre, render } = prerenderer(
      () => listed('/Articles?title=a', '/Articles?title=b'),
      1,
      () => Promise.resolve(true),
      refreshAfterMs,
    );
    const renderedAt: Record<string, number[]> = {};
    render.mockImplementation((target) => {
      (renderedAt[target.address] ??= []).push(Date.now());
      return Promise.resolve(page(target.address));
    });
    pre.start();
    await until(() => Object.values(renderedAt).every((times) => times.length >= 2) && render.mock.calls.length >= 4);
    await pre.stop();
    // Its age counts from just before the render is called: the clock's millisecond may tick between.
    for (const [first, second] of Object.values(renderedAt))
      expect(second - first).toBeGreaterThanOrEqual(refreshAfterMs - 1);
    // Meanwhile readers got the page kept, and started no render.
    const read = jest.fn(() => Promise.resolve(page('read')));
    expect((await cache.serve(keyOf('/Articles?title=a'), read)).outcome).toBe('hit');
    expect(read).not.toHaveBeenCalled();
  });

  it('renders no more than it is allowed at once', async () => {
    const { pre, render } = prerenderer(() => listed('/Articles?title=a', '/Articles?title=b', '/Articles?title=c'), 2);
    let running = 0;
    let most = 0;
    render.mockImplementation(async (target) => {
      most = Math.max(most, (running += 1));
      await settle();
      running -= 1;
      return page(target.address);
    });
    pre.start();
    await pre.idle();
    expect(render).toHaveBeenCalledTimes(3);
    expect(most).toBe(2);
  });

  it('starts nothing while a visitor waits on a render', async () => {
    const { cache, pre, rendered } = prerenderer(() => listed('/Articles?title=a'));
    let finish: (rendered: Rendered) => void = () => undefined;
    const visitor = new AbortController();
    const visit = cache.serve(
      keyOf('/About'),
      () => new Promise<Rendered>((resolve) => (finish = resolve)),
      visitor.signal,
    );
    pre.start();
    await settle();
    expect(rendered).toEqual([]);
    finish(page('/About'));
    await visit;
    await pre.idle();
    expect(rendered).toEqual(['/Articles?title=a']);
  });

  it('renders again first the pages a change touched, their stale copy answered meanwhile', async () => {
    const { cache, pre, render, rendered } = prerenderer(() =>
      listed('/Articles', '/Articles?title=a', '/Articles?title=b'),
    );
    pre.start();
    await pre.idle();
    rendered.length = 0;
    let land = () => undefined as unknown;
    render.mockImplementationOnce(
      (target) =>
        new Promise<Rendered>((resolve) => {
          rendered.push(target.address);
          land = () => resolve(page(target.address, [`page-${target.address}`, 'v2']));
        }),
    );
    await cache.invalidate(['page-/Articles?title=b', 'shared-articles']);
    // A render begun in the change's own millisecond might not show it, and is kept stale: this one begins after.
    await settle();
    pre.changed(['page-/Articles?title=b', 'shared-articles']);
    await until(() => rendered.length > 0);
    expect(rendered).toEqual(['/Articles?title=b']);
    const kept = () => cache.serve(keyOf('/Articles?title=b'), () => Promise.reject(new Error('not rendered here')));
    expect((await kept()).outcome).toBe('stale');
    land();
    await pre.idle();
    const after = await kept();
    expect([after.outcome, after.page.tags]).toEqual(['hit', ['page-/Articles?title=b', 'v2']]);
    expect(rendered).toEqual(['/Articles?title=b']);
  });

  it('looks only at the pages a change touched when it dropped none', async () => {
    const { cache, pre, rendered } = prerenderer(() => listed('/Articles', '/Articles?title=a', '/Articles?title=b'));
    pre.start();
    await pre.idle();
    rendered.length = 0;
    const keeps = jest.spyOn(cache, 'keeps');
    await cache.invalidate(['page-/Articles?title=a', 'shared-articles']);
    pre.changed(['page-/Articles?title=a', 'shared-articles']);
    await pre.idle();
    expect(rendered).toEqual(['/Articles?title=a']);
    expect(new Set(keeps.mock.calls.map(([key]) => key))).toEqual(new Set([keyOf('/Articles?title=a')]));
  });

  it('renders again what a section’s new build dropped', async () => {
    const { cache, pre, render, rendered } = prerenderer(() => listed('/Articles', '/Articles?title=a'));
    render.mockImplementation((target) => {
      rendered.push(target.address);
      return Promise.resolve(page(target.address, ['section-mf_articles']));
    });
    pre.start();
    await pre.idle();
    await cache.invalidate(['section-mf_articles']);
    expect(await cache.keeps(keyOf('/Articles'))).toBe(false);
    pre.changed(['section-mf_articles']);
    await pre.idle();
    expect(rendered).toEqual(['/Articles', '/Articles?title=a', '/Articles', '/Articles?title=a']);
  });

  it('renders again every listed page after a change of the whole site, and lists the articles again after one of articles', async () => {
    let hrefs = ['/Articles', '/Articles?title=a'];
    const { cache, pre, rendered, list } = prerenderer(() => listed(...hrefs));
    pre.start();
    await pre.idle();
    await cache.invalidate(['site']);
    pre.changed(['site']);
    await pre.idle();
    expect(rendered).toEqual(['/Articles', '/Articles?title=a', '/Articles', '/Articles?title=a']);
    expect((await cache.serve(keyOf('/Articles'), () => Promise.reject(new Error('kept')))).outcome).toBe('hit');

    hrefs = [...hrefs, '/Articles?title=new'];
    pre.changed(['articles']);
    await pre.idle();
    expect(list).toHaveBeenCalledTimes(3);
    expect(rendered.slice(4)).toEqual(['/Articles?title=new']);
  });

  it('walks again once when changes arrive during a walk', async () => {
    const { pre, render, list } = prerenderer(() => listed('/Articles?title=a', '/Articles?title=b'));
    render.mockImplementation(async (target) => {
      await settle();
      return page(target.address);
    });
    pre.start();
    await settle();
    pre.changed(['articles']);
    pre.changed(['articles']);
    await pre.idle();
    expect(list).toHaveBeenCalledTimes(2);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('stops: the render under way is abandoned and nothing more is started', async () => {
    const { pre, render } = prerenderer(() => listed('/Articles?title=a', '/Articles?title=b'));
    let aborted = false;
    render.mockImplementation(
      (_target, signal) =>
        new Promise<Rendered>((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason as Error);
          }),
        ),
    );
    pre.start();
    await settle();
    await pre.stop();
    expect(aborted).toBe(true);
    expect(render).toHaveBeenCalledTimes(1);
    pre.changed(['articles']);
    await pre.idle();
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders again, in a while, a page it could not keep (the CMS failed)', async () => {
    const { cache, pre, render, rendered } = prerenderer(() => listed('/Articles', '/Articles?title=a'));
    render.mockImplementationOnce((target) => {
      rendered.push(target.address);
      return Promise.resolve({ ...page(target.address), degraded: true });
    });
    pre.start();
    await pre.idle();
    expect(await cache.keeps(keyOf('/Articles'))).toBe(false);
    await until(() => rendered.length === 3);
    await pre.idle();
    expect(rendered).toEqual(['/Articles', '/Articles?title=a', '/Articles']);
    expect(await cache.keeps(keyOf('/Articles'))).toBe(true);
  });

  it('stops filling a store that has no room left', async () => {
    let left = 2;
    const { pre, rendered } = prerenderer(
      () => listed('/Articles?title=a', '/Articles?title=b', '/Articles?title=c'),
      1,
      () => Promise.resolve(left-- > 0),
    );
    pre.start();
    await pre.idle();
    expect(rendered).toEqual(['/Articles?title=a', '/Articles?title=b']);
  });

  it('lists again later when the listing failed, keeping what it could read', async () => {
    let complete = false;
    const { pre, rendered, list } = prerenderer(() => ({ ...listed('/Articles'), complete }));
    pre.start();
    await pre.idle();
    expect(rendered).toEqual(['/Articles']);
    complete = true;
    await until(() => list.mock.calls.length === 2);
    await pre.idle();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
