/** @jest-environment node */
import { fetchAbout, fetchContactDetails, fetchMostPopular } from '@blog/shared';
import { KeptReads } from '../kept-reads';
import { log } from '../log';
import { MemoryPageStore } from '../page-cache';
import { withReadDeadline } from './page';

describe('a page’s reads of the CMS', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('carry the render servers’ token, which spares them the limits of a client', async () => {
    const asked: Headers[] = [];
    globalThis.fetch = jest.fn((_url: string | URL | Request, init?: RequestInit) => {
      asked.push(new Headers(init?.headers));
      return Promise.resolve(Response.json({ data: [{ title: 'About' }], meta: {} }));
    }) as typeof fetch;
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'http://cms.test' };
    const { value, readFailed } = await withReadDeadline(
      new AbortController().signal,
      { timeoutMs: 1_000, headers: { 'x-render-server-token': 't0k' } },
      fetchAbout,
    );
    expect([value?.title, readFailed]).toEqual(['About', false]);
    expect(asked.map((headers) => headers.get('x-render-server-token'))).toEqual(['t0k']);
  });

  it('that fail are one line of the server’s log, in its format, and none of its console', async () => {
    globalThis.fetch = jest.fn(() => Promise.resolve(new Response('Unavailable', { status: 503 }))) as typeof fetch;
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'http://cms.test' };
    const warned = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { value, readFailed } = await withReadDeadline(
        new AbortController().signal,
        { timeoutMs: 1_000, headers: {} },
        fetchMostPopular,
      );
      expect([value, readFailed]).toEqual([[], true]);
      expect(warned.mock.calls).toEqual([
        [
          { err: expect.any(Error) as Error, query: 'most-popular-articles' },
          'Reading most-popular-articles failed: the page shows it empty, not kept',
        ],
      ]);
      expect(printed).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
      printed.mockRestore();
    }
  });

  it('that fail after nobody waits for the page are nobody’s failure, and not logged', async () => {
    const visitor = new AbortController();
    globalThis.fetch = jest.fn(
      (_url: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
        ),
    ) as typeof fetch;
    globalThis.__BLOG_CONFIG__ = { cmsUrl: 'http://cms.test' };
    const warned = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
    try {
      const read = withReadDeadline(visitor.signal, { timeoutMs: 1_000, headers: {} }, fetchMostPopular);
      visitor.abort(new Error('The visitor left'));
      await expect(read).rejects.toThrow('The visitor left');
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });

  describe('shared by many pages', () => {
    const builtFor = process.env.BLOG_SERVER_BUILD;
    beforeEach(() => {
      // As the server build reads: each page for itself, with no browser's cache of recent answers.
      process.env.BLOG_SERVER_BUILD = 'true';
      globalThis.__BLOG_CONFIG__ = { cmsUrl: 'http://cms.test' };
    });
    afterEach(() => {
      if (builtFor === undefined) delete process.env.BLOG_SERVER_BUILD;
      else process.env.BLOG_SERVER_BUILD = builtFor;
    });

    /** A CMS that answers the contact details, a draft's through a preview's address, counting what it was asked. */
    function contactCms() {
      const asked: string[] = [];
      globalThis.fetch = jest.fn((url: string) => {
        asked.push(url);
        const email = url.startsWith('http://site.test/preview') ? 'draft@site.test' : 'public@site.test';
        return Promise.resolve(Response.json({ data: [{ email }], meta: {} }));
      }) as typeof fetch;
      return asked;
    }

    /** One page's read of the contact details, and how many reads of the CMS its `Server-Timing` would count. */
    async function pageRead(options: Partial<Parameters<typeof withReadDeadline>[1]>) {
      const { value, cms } = await withReadDeadline(
        new AbortController().signal,
        { timeoutMs: 1_000, headers: {}, ...options },
        () => fetchContactDetails(),
      );
      return { email: value?.email, cmsReads: cms.reads };
    }

    it('are read from the CMS for the first page only, and counted only for it', async () => {
      const asked = contactCms();
      const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, 60_000);
      expect(await pageRead({ kept })).toEqual({ email: 'public@site.test', cmsReads: 1 });
      expect(await pageRead({ kept })).toEqual({ email: 'public@site.test', cmsReads: 0 });
      expect(asked).toHaveLength(1);
    });

    it('are a preview’s own: its drafts are neither answered from what is kept nor kept', async () => {
      const asked = contactCms();
      const kept = new KeptReads(new MemoryPageStore(1e6), 1e6, 60_000);
      const prepare = (url: string) => ({
        url: url.replace('http://cms.test', 'http://site.test/preview'),
        headers: {},
      });
      await pageRead({ kept });
      expect(await pageRead({ kept, prepare })).toEqual({ email: 'draft@site.test', cmsReads: 1 });
      expect(await pageRead({ kept })).toEqual({ email: 'public@site.test', cmsReads: 0 });
      expect(asked).toHaveLength(2);
    });
  });
});
