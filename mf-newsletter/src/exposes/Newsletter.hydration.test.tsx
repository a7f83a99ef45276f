/** @jest-environment-options {"customExportConditions": ["node"]} */
// The browser's first render of the exposed page, from the server's HTML and reads: no mismatch.
// jsdom for the browser; the `node` condition gives React's server renderer for Node, as the render server has it.
import { createQueryClient, ROUTER_FUTURE } from '@blog/shared';
import { SectionLoaderContext } from '@blog/shared/federation';
import { dehydrate, hydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import { articlesSection, serveCms, type FakeCms } from '../newsletter/testing';
import Newsletter, { page } from './Newsletter';

const articles = articlesSection();

/** The page around the section, as the shell has it: the section inside a Suspense boundary of its own. */
function Page({ reads, children }: { reads: QueryClient; children: ReactNode }) {
  return (
    <SectionLoaderContext.Provider value={articles}>
      <QueryClientProvider client={reads}>
        <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>
      </QueryClientProvider>
    </SectionLoaderContext.Provider>
  );
}

/** The server's answer for `address`, then the browser hydrating it; what it logged as an error. */
async function hydrateAt(cms: FakeCms, address: string) {
  const url = new URL(address, 'http://blog.test');
  const serverReads = createQueryClient();
  // What the server logs is its own (the client logs a CMS failure): the browser's log is what counts here.
  const serverLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await page.load({ pathname: url.pathname, searchParams: url.searchParams }, serverReads);
  const container = document.createElement('div');
  container.innerHTML = renderToString(
    <Page reads={serverReads}>
      <StaticRouter location={address} future={ROUTER_FUTURE}>
        <Newsletter />
      </StaticRouter>
    </Page>,
  );
  serverLog.mockRestore();
  document.body.append(container);

  const browserReads = createQueryClient();
  hydrate(browserReads, JSON.parse(JSON.stringify(dehydrate(serverReads))));
  const readsBefore = cms.paths().length;
  const errors = jest.spyOn(console, 'error');
  await act(async () => {
    hydrateRoot(
      container,
      <Page reads={browserReads}>
        <MemoryRouter initialEntries={[address]} future={ROUTER_FUTURE}>
          <Newsletter />
        </MemoryRouter>
      </Page>,
    );
  });
  const logged = errors.mock.calls;
  errors.mockRestore();
  return { logged, readsInBrowser: cms.paths().slice(readsBefore) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe.each(['/New-letter', '/New-letter?year=2024', '/New-letter?year=1999'])('the archive at %s', (address) => {
  it('hydrates without a mismatch, from the server’s reads alone', async () => {
    const { logged, readsInBrowser } = await hydrateAt(serveCms(), address);
    expect(logged).toEqual([]);
    expect(readsInBrowser).toEqual([]);
    expect(screen.getByRole('region', { name: 'NewsLetters by date' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
  });
});

it('hydrates an article opened by its address', async () => {
  const { logged } = await hydrateAt(serveCms(), '/New-letter?year=2024&title=Older%20Year');
  expect(logged).toEqual([]);
  expect(screen.getByRole('heading', { level: 1, name: 'Older Year' })).toBeInTheDocument();
});

it('hydrates the empty archive the server rendered while the CMS was down', async () => {
  const { logged, readsInBrowser } = await hydrateAt(serveCms('down'), '/New-letter');
  expect(logged).toEqual([]);
  expect(readsInBrowser).toEqual([]);
  expect(screen.queryByRole('combobox', { name: 'Year' })).not.toBeInTheDocument();
});
