/** @jest-environment node */
import { gunzipSync } from 'node:zlib';
import {
  MemoryPageStore,
  PageCache,
  RenderRefused,
  RenderTimedOut,
  pageBody,
  pageBytes,
  preparedBody,
  type Rendered,
} from './page-cache';
import { log } from './log';

const page = (body: string, tags = ['site', 'articles'], degraded = false): Rendered => ({
  status: 200,
  type: 'text/html; charset=utf-8',
  body,
  tags,
  degraded,
});

let clock: number;
const now = () => clock;
const TTL = 60_000;

/** A render that answers when told, counting how often it was started and with which signals. */
function controlledRender(body = 'v1') {
  const started: AbortSignal[] = [];
  const pending: ((rendered: Rendered) => void)[] = [];
  const render = jest.fn((signal: AbortSignal) => {
    started.push(signal);
    return new Promise<Rendered>((resolve, reject) => {
      pending.push(resolve);
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
  });
  return { render, started, finish: (rendered = page(body)) => pending.shift()?.(rendered) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  clock = 1_000_000;
});

describe('the page cache', () => {
  it('renders a page once, then answers it kept, with its gzip and an ETag of its bytes', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const render = jest.fn(() => Promise.resolve(page('<p>Home</p>')));
    const first = await cache.serve('/Home', render);
    const second = await cache.serve('/Home', render);
    expect([first.outcome, second.outcome]).toEqual(['miss', 'hit']);
    expect(render).toHaveBeenCalledTimes(1);
    expect(pageBody(second.page).toString()).toBe('<p>Home</p>');
    expect(gunzipSync(second.page.gzip).toString()).toBe('<p>Home</p>');
    expect(second.page.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('renders once for visitors who ask at the same time', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const { render, finish } = controlledRender();
    const answers = Promise.all([1, 2, 3].map(() => cache.serve('/Home', render)));
    await settle();
    finish();
    expect((await answers).map(({ outcome }) => outcome)).toEqual(['miss', 'miss', 'miss']);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('answers a page past its time at once and renders it again in the background, once', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    await cache.serve('/Home', () => Promise.resolve(page('v1')));
    clock += TTL;
    const { render, finish } = controlledRender();
    const [a, b] = await Promise.all([cache.serve('/Home', render), cache.serve('/Home', render)]);
    expect([a.outcome, b.outcome, pageBody(a.page).toString()]).toEqual(['stale', 'stale', 'v1']);
    expect(render).toHaveBeenCalledTimes(1);
    finish(page('v2'));
    await settle();
    const next = await cache.serve('/Home', render);
    expect([next.outcome, pageBody(next.page).toString()]).toEqual(['hit', 'v2']);
  });

  it('answers each page as it is for its own time, where times differ by page', async () => {
    const ttlOf = (key: string) => (key.startsWith('/Articles?title=') ? 10 * TTL : TTL);
    const cache = new PageCache(new MemoryPageStore(1e6), ttlOf, now);
    for (const key of ['/Home', '/Articles?title=A']) await cache.serve(key, () => Promise.resolve(page(key)));
    clock += 2 * TTL;
    const render = jest.fn(() => Promise.resolve(page('again')));
    expect((await cache.serve('/Articles?title=A', render)).outcome).toBe('hit');
    expect((await cache.serve('/Home', render)).outcome).toBe('stale');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders at most its bound of stale pages again at once: the others are answered as they are, and rendered once there is room', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, undefined, 10_000, () => false, 1);
    for (const path of ['/a', '/b']) await cache.serve(path, () => Promise.resolve(page(`${path} v1`)));
    clock += TTL;
    const { render, finish } = controlledRender();
    const [a, b] = await Promise.all([cache.serve('/a', render), cache.serve('/b', render)]);
    expect([pageBody(a.page).toString(), pageBody(b.page).toString()]).toEqual(['/a v1', '/b v1']);
    expect([a.outcome, b.outcome]).toEqual(['stale', 'stale']);
    expect(render).toHaveBeenCalledTimes(1);
    finish(page('/a v2'));
    await settle();
    // Room again: the next reader of /b starts its render.
    expect((await cache.serve('/b', render)).outcome).toBe('stale');
    expect(render).toHaveBeenCalledTimes(2);
    finish(page('/b v2'));
    await settle();
    const pages = await Promise.all(['/a', '/b'].map((path) => cache.serve(path, render)));
    expect(pages.map(({ outcome, page: kept }) => `${outcome} ${pageBody(kept).toString()}`)).toEqual([
      'hit /a v2',
      'hit /b v2',
    ]);
  });

  it('drops the pages that showed a change, and only those', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    await cache.serve('/Articles?title=A', () => Promise.resolve(page('A v1', ['site', 'article-a'])));
    await cache.serve('/About', () => Promise.resolve(page('About v1', ['site', 'about'])));
    await cache.invalidate(['article-a']);
    const article = await cache.serve('/Articles?title=A', () => Promise.resolve(page('A v2', ['site', 'article-a'])));
    const about = await cache.serve('/About', () => Promise.resolve(page('About v2', ['site', 'about'])));
    expect([article.outcome, pageBody(article.page).toString()]).toEqual(['miss', 'A v2']);
    expect([about.outcome, pageBody(about.page).toString()]).toEqual(['hit', 'About v1']);
  });

  describe('a change shown only in a part pages share', () => {
    const outdatesOnly = (tag: string) => tag.startsWith('shared-');
    const articlePage = (body: string) => page(body, ['site', 'article-a', 'shared-articles']);

    it('leaves the page answered at once while it is rendered again, once', async () => {
      const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, undefined, 10_000, outdatesOnly);
      await cache.serve('/Articles?title=A', () => Promise.resolve(articlePage('old footer')));
      await cache.serve('/Home', () => Promise.resolve(page('Home v1', ['site', 'articles', 'shared-articles'])));
      clock += 10;
      await cache.invalidate(['articles', 'shared-articles']);
      clock += 10;
      const { render, finish } = controlledRender();
      const [a, b] = await Promise.all([1, 2].map(() => cache.serve('/Articles?title=A', render)));
      expect([a.outcome, b.outcome, pageBody(a.page).toString()]).toEqual(['stale', 'stale', 'old footer']);
      expect(render).toHaveBeenCalledTimes(1);
      finish(articlePage('new footer'));
      await settle();
      const next = await cache.serve('/Articles?title=A', render);
      expect([next.outcome, pageBody(next.page).toString()]).toEqual(['hit', 'new footer']);
      // A page that shows the change as its own is rendered for its next visitor.
      const home = await cache.serve('/Home', () => Promise.resolve(page('Home v2')));
      expect([home.outcome, pageBody(home.page).toString()]).toEqual(['miss', 'Home v2']);
    });

    it('keeps a page it reached while it rendered, as stale', async () => {
      const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, undefined, 10_000, outdatesOnly);
      const { render, finish } = controlledRender();
      const answer = cache.serve('/Articles?title=A', render);
      await settle();
      clock += 10;
      await cache.invalidate(['shared-articles']);
      clock += 10;
      finish(articlePage('read before the change'));
      expect((await answer).outcome).toBe('miss');
      const next = await cache.serve('/Articles?title=A', () => Promise.resolve(articlePage('read after')));
      expect([next.outcome, pageBody(next.page).toString()]).toEqual(['stale', 'read before the change']);
    });
  });

  it('counts the renders visitors wait on, not those in the background, and tells of each change', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const changes: string[][] = [];
    cache.onInvalidate((tags) => changes.push(tags));
    const waited = controlledRender();
    const visit = cache.serve('/About', waited.render, new AbortController().signal);
    const unwaited = controlledRender();
    const background = cache.serve('/Home', unwaited.render);
    await settle();
    expect(cache.visitorRenders()).toBe(1);
    waited.finish();
    unwaited.finish();
    await Promise.all([visit, background]);
    expect(cache.visitorRenders()).toBe(0);
    await cache.invalidate(['articles']);
    expect(changes).toEqual([['articles']]);
  });

  it('says whether a good page is kept, and renders one again on demand while its copy is answered', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    expect(await cache.keeps('/About')).toBe(false);
    await cache.serve('/About', () => Promise.resolve(page('v1')));
    expect(await cache.keeps('/About')).toBe(true);
    const again = controlledRender('v2');
    const refreshed = cache.refresh('/About', again.render);
    expect(pageBody((await cache.serve('/About', again.render)).page).toString()).toBe('v1');
    again.finish();
    await refreshed;
    expect(again.render).toHaveBeenCalledTimes(1);
    expect(pageBody((await cache.serve('/About', again.render)).page).toString()).toBe('v2');
    await cache.invalidate(['articles']);
    expect(await cache.keeps('/About')).toBe(false);
  });

  it('no longer answers a stale page of the site for an address that now names nothing', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, new MemoryPageStore(1e6), 10_000, () => true);
    await cache.serve('/Articles?title=x', () => Promise.resolve(page('the article', ['site', 'article-1'])));
    await cache.invalidate(['article-1']);
    const gone = { ...page('no such article', ['site', 'articles']), longTail: true };
    expect((await cache.serve('/Articles?title=x', () => Promise.resolve(gone))).outcome).toBe('stale');
    await settle();
    const next = await cache.serve('/Articles?title=x', () => Promise.reject(new Error('kept')));
    expect([next.outcome, pageBody(next.page).toString()]).toEqual(['hit', 'no such article']);
  });

  it('drops no page rendered after the change a late report tells of', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const changedAt = clock;
    clock += 100;
    await cache.serve('/About', () => Promise.resolve(page('About v2', ['site', 'about'])));
    clock += 4_000;
    await cache.invalidate(['about'], changedAt);
    const about = await cache.serve('/About', () => Promise.resolve(page('About v3', ['site', 'about'])));
    expect([about.outcome, pageBody(about.page).toString()]).toEqual(['hit', 'About v2']);
  });

  it('lets a visitor join a render on its way after a change that leaves pages stale, not after one that drops them', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, undefined, 10_000, (tag) => tag !== 'articles');
    const { render, finish } = controlledRender();
    const first = cache.serve('/Articles?search=navy', render);
    await settle();
    // A vote on some article's comments: the search under way is joined, not started again.
    await cache.invalidate(['comments-x']);
    const joined = cache.serve('/Articles?search=navy', render);
    await settle();
    expect(render).toHaveBeenCalledTimes(1);
    // A published article drops what was read before it: the next visitor starts a render of their own.
    await cache.invalidate(['articles']);
    const after = cache.serve('/Articles?search=navy', render);
    await settle();
    expect(render).toHaveBeenCalledTimes(2);
    finish(page('read before the publish'));
    finish(page('read after the publish'));
    expect(pageBody((await joined).page).toString()).toBe('read before the publish');
    expect(pageBody((await first).page).toString()).toBe('read before the publish');
    expect(pageBody((await after).page).toString()).toBe('read after the publish');
  });

  it('renders a page changed again and again in the background once a second at most, and answers it meanwhile', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, undefined, 10_000, () => true);
    await cache.serve('/Articles?title=A', () => Promise.resolve(page('no votes', ['site', 'comments-a'])));
    const { render, finish } = controlledRender();
    for (const votes of ['1 vote', '2 votes', '3 votes']) {
      clock += 300;
      await cache.invalidate(['comments-a']);
      expect((await cache.serve('/Articles?title=A', render)).outcome).toBe('stale');
      finish(page(votes, ['site', 'comments-a']));
      await settle();
    }
    // The first vote's render, then none until a second after it started.
    expect(render).toHaveBeenCalledTimes(1);
    clock += 500;
    const answer = await cache.serve('/Articles?title=A', render);
    expect([answer.outcome, pageBody(answer.page).toString()]).toEqual(['stale', '1 vote']);
    finish(page('3 votes', ['site', 'comments-a']));
    await settle();
    expect(render).toHaveBeenCalledTimes(2);
    const shown = await cache.serve('/Articles?title=A', render);
    expect([shown.outcome, pageBody(shown.page).toString()]).toEqual(['hit', '3 votes']);
  });

  it('keeps no page as good that a change reached while it rendered', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const { render, finish } = controlledRender();
    const answer = cache.serve('/Home', render);
    await settle();
    clock += 10;
    await cache.invalidate(['articles']);
    clock += 10;
    finish(page('read before the change'));
    expect((await answer).outcome).toBe('miss');
    const next = await cache.serve('/Home', () => Promise.resolve(page('read after the change')));
    expect([next.outcome, pageBody(next.page).toString()]).toEqual(['miss', 'read after the change']);
  });

  it('never keeps a degraded page: it answers the last good copy while there is one, else the degraded page', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const degraded = await cache.serve('/Home', () => Promise.resolve(page('empty views', ['site'], true)));
    expect([degraded.outcome, pageBody(degraded.page).toString()]).toEqual(['degraded', 'empty views']);
    expect((await cache.serve('/Home', () => Promise.resolve(page('good')))).outcome).toBe('miss');

    await cache.invalidate(['articles']);
    const fallback = await cache.serve('/Home', () => Promise.resolve(page('empty views', ['site'], true)));
    expect([fallback.outcome, pageBody(fallback.page).toString()]).toEqual(['fallback', 'good']);
    const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const failed = await cache.serve('/Home', async () => Promise.reject(new Error('the shell failed')));
    expect([failed.outcome, pageBody(failed.page).toString()]).toEqual(['fallback', 'good']);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) as Error }),
      'Rendering /Home failed: its last good copy is answered',
    );
    logged.mockRestore();
    const back = await cache.serve('/Home', () => Promise.resolve(page('good again')));
    expect([back.outcome, pageBody(back.page).toString()]).toEqual(['miss', 'good again']);
  });

  it('keeps no page that is for its address only', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const render = jest.fn(() => Promise.resolve({ ...page('There is no page at /x'), status: 404, transient: true }));
    expect((await cache.serve('/x', render)).outcome).toBe('miss');
    expect((await cache.serve('/x', render)).outcome).toBe('miss');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('abandons a render once every visitor waiting for it has gone', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    const { render, started } = controlledRender();
    const visitors = [new AbortController(), new AbortController()];
    const answers = visitors.map((visitor) =>
      cache.serve('/Home', render, visitor.signal).catch((error: Error) => error),
    );
    await settle();
    visitors[0].abort();
    expect(started[0].aborted).toBe(false);
    visitors[1].abort();
    expect(started[0].aborted).toBe(true);
    expect(await answers[1]).toBeInstanceOf(Error);
  });

  it('gives up a render past its deadline, even one that never looks at its signal: the last good copy, else RenderTimedOut', async () => {
    const DEADLINE = 20;
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, undefined, DEADLINE);
    const hung = jest.fn<Promise<Rendered>, [AbortSignal]>(() => new Promise(() => undefined));
    await expect(cache.serve('/Home', hung)).rejects.toBeInstanceOf(RenderTimedOut);
    expect(hung.mock.lastCall?.[0].aborted).toBe(true);
    // The next visitor starts a render of their own rather than joining the one given up.
    expect((await cache.serve('/Home', () => Promise.resolve(page('good')))).outcome).toBe('miss');

    await cache.invalidate(['articles']);
    const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    const fallback = await cache.serve('/Home', hung);
    logged.mockRestore();
    expect([fallback.outcome, pageBody(fallback.page).toString()]).toEqual(['fallback', 'good']);
    expect(hung).toHaveBeenCalledTimes(2);
  });

  it('answers a HEAD from a good kept page only', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    expect(await cache.peek('/Home')).toBeUndefined();
    await cache.serve('/Home', () => Promise.resolve(page('v1')));
    const home = await cache.peek('/Home');
    expect(home && pageBody(home).toString()).toBe('v1');
    await cache.invalidate(['site']);
    expect(await cache.peek('/Home')).toBeUndefined();
  });
});

describe('pages kept in memory', () => {
  it('never hold more bytes than their bound, dropping the least recently used', async () => {
    const oneKilobyte = 'x'.repeat(1024);
    const bytes = pageBytes(
      (await new PageCache(new MemoryPageStore(1e6), TTL, now).serve('x', () => Promise.resolve(page(oneKilobyte))))
        .page,
    );
    const store = new MemoryPageStore(bytes * 3);
    const cache = new PageCache(store, TTL, now);
    for (const key of ['a', 'b', 'c']) await cache.serve(key, () => Promise.resolve(page(oneKilobyte)));
    await cache.serve('a', () => Promise.resolve(page(oneKilobyte)));
    await cache.serve('d', () => Promise.resolve(page(oneKilobyte)));
    expect(await store.size()).toEqual({ bytes: bytes * 3, maxBytes: bytes * 3, pages: 3 });
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('a')).toBeDefined();
  });
});

describe('the long tail', () => {
  const tailPage = (body: string, tags = ['site', 'articles']): Rendered => ({ ...page(body, tags), longTail: true });

  it('is zipped at the fastest level, the site’s pages at the default, both unzipping to the page', () => {
    const body = '<li>A result, and its summary.</li>'.repeat(200);
    const [tail, site] = [preparedBody(body, { longTail: true }), preparedBody(body)];
    // A gzip header's ninth byte (XFL) is 4 where zlib compressed at its fastest, 0 at its default.
    expect([tail.gzip[8], site.gzip[8]]).toEqual([4, 0]);
    expect([gunzipSync(tail.gzip).toString(), gunzipSync(site.gzip).toString()]).toEqual([body, body]);
  });

  it('is kept apart: no number of searches pushes out a page of the site', async () => {
    const pages = new MemoryPageStore(1e6);
    const cache = new PageCache(pages, TTL, now, new MemoryPageStore(20_000));
    await cache.serve('/Home', () => Promise.resolve(page('Home')));
    for (let i = 0; i < 2_000; i += 1)
      await cache.serve(`/Articles?search=q${i}`, () => Promise.resolve(tailPage(`results ${i} ${'x'.repeat(1000)}`)));
    expect((await cache.serve('/Home', () => Promise.resolve(page('Home again')))).outcome).toBe('hit');
    expect(await pages.size()).toMatchObject({ pages: 1 });
    // The latest searches are kept, in their own bound.
    const search = await cache.serve('/Articles?search=q1999', () => Promise.resolve(tailPage('again')));
    expect(search.outcome).toBe('hit');
  });

  it('keeps its pages zipped alone: more of them in its room, each whole for a reader who takes no gzip', async () => {
    // 17 KB a page, a few hundred bytes zipped: one page as rendered fits the room, not two.
    const results = (i: number) => `<li>Result ${i}, and its summary.</li>`.repeat(500);
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, new MemoryPageStore(30_000));
    for (let i = 0; i < 10; i += 1)
      await cache.serve(`/Articles?search=q${i}`, () => Promise.resolve(tailPage(results(i))));
    const render = jest.fn(() => Promise.resolve(tailPage('unused')));
    const again = await Promise.all(
      Array.from({ length: 10 }, (_, i) => cache.serve(`/Articles?search=q${i}`, render)),
    );
    expect(again.map(({ outcome }) => outcome)).toEqual(Array(10).fill('hit'));
    expect(again.map(({ page: kept }) => pageBody(kept).toString())).toEqual(
      Array.from({ length: 10 }, (_, i) => results(i)),
    );
    expect(render).not.toHaveBeenCalled();
  });

  it('is dropped by a change like any page, and by one reported to another server sharing the store', async () => {
    const pages = new MemoryPageStore(1e6);
    const cache = new PageCache(pages, TTL, now, new MemoryPageStore(1e6));
    await cache.serve('/Articles?search=naval', () => Promise.resolve(tailPage('v1')));
    await cache.invalidate(['articles']);
    expect((await cache.serve('/Articles?search=naval', () => Promise.resolve(tailPage('v2')))).outcome).toBe('miss');
    clock += 10;
    // Told to the shared store only, as through another render server.
    await pages.invalidate(['articles'], clock);
    const after = await cache.serve('/Articles?search=naval', () => Promise.resolve(tailPage('v3')));
    expect([after.outcome, pageBody(after.page).toString()]).toEqual(['miss', 'v3']);
  });

  it('takes an address that came to name nothing, and gives back one that came to name a page', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now, new MemoryPageStore(1e6));
    const title = '/Articles?title=Soon';
    await cache.serve(title, () => Promise.resolve(tailPage('no such article')));
    await cache.invalidate(['articles']);
    clock += 10;
    await cache.serve(title, () => Promise.resolve(page('the article', ['site', 'articles', 'article-d'])));
    expect(pageBody((await cache.serve(title, () => Promise.resolve(page('unused')))).page).toString()).toBe(
      'the article',
    );
    await cache.invalidate(['article-d']);
    clock += 10;
    await cache.serve(title, () => Promise.resolve(tailPage('deleted')));
    const render = jest.fn(() => Promise.resolve(page('unused')));
    expect(pageBody((await cache.serve(title, render)).page).toString()).toBe('deleted');
    expect(render).not.toHaveBeenCalled();
  });
});

describe('a visitor who starts too many renders', () => {
  const refused = () => Promise.resolve({ retryAfterSeconds: 42 });

  it('is refused a render, not a kept page', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    await cache.serve('/Home', () => Promise.resolve(page('Home')));
    const render = jest.fn(() => Promise.resolve(page('unused')));
    expect((await cache.serve('/Home', render, undefined, refused)).outcome).toBe('hit');
    await expect(cache.serve('/About', render, undefined, refused)).rejects.toEqual(new RenderRefused(42));
    expect(render).not.toHaveBeenCalled();
  });

  it('gets the last good copy of a changed page, and may join a render another started', async () => {
    const cache = new PageCache(new MemoryPageStore(1e6), TTL, now);
    await cache.serve('/Home', () => Promise.resolve(page('v1')));
    await cache.invalidate(['articles']);
    const render = jest.fn(() => Promise.resolve(page('unused')));
    const last = await cache.serve('/Home', render, undefined, refused);
    expect([last.outcome, pageBody(last.page).toString()]).toEqual(['fallback', 'v1']);
    const { render: started, finish } = controlledRender('v2');
    const admitted = cache.serve('/About', started);
    const joined = cache.serve('/About', render, undefined, refused);
    await settle();
    finish();
    expect((await Promise.all([admitted, joined])).map(({ outcome }) => outcome)).toEqual(['miss', 'miss']);
    expect(render).not.toHaveBeenCalled();
  });
});
