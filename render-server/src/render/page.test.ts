/** @jest-environment node */
import { fetchAbout } from '@blog/shared';
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
});
