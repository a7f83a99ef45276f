/** @jest-environment jsdom */
// The browser's first render of the exposed page, from the server's HTML and reads: no mismatch.
import { SectionLoaderContext } from '@blog/shared/federation';
import { hydrateInBrowser, renderOnServer } from '@blog/shared/testing/server';
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { articlesSection, serveCms, type FakeCms } from '../newsletter/testing';
import Newsletter, { page } from './Newsletter';

/** The section as the shell has it: inside a Suspense boundary of its own, with the shell's section loader. */
const inShell = (
  <SectionLoaderContext.Provider value={articlesSection()}>
    <Suspense fallback={<p>Loading…</p>}>
      <Newsletter />
    </Suspense>
  </SectionLoaderContext.Provider>
);

/** The server's answer for `address`, then the browser hydrating it; what it logged as an error. */
async function hydrateAt(cms: FakeCms, address: string) {
  // What the server logs is its own (the client logs a CMS failure): the browser's log is what counts here.
  const serverLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const server = await renderOnServer(inShell, page, address);
  serverLog.mockRestore();

  const readsBefore = cms.paths().length;
  const errors = jest.spyOn(console, 'error');
  await act(() => Promise.resolve(hydrateInBrowser(inShell, server, address)));
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
