// The render server's part of a page and the browser's hydration of it, for the sections' tests
// (`@blog/shared/testing/server`): the exposed page's `load`, its component rendered to HTML with
// the reads loaded, as the render server (`render-server/`) does, then hydrated with those reads as the page embeds them.
import { QueryClientProvider, dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router';
import type { PageHead, PageRequest, SectionPage } from '../pages/page';
import { createQueryClient } from '../queries';

/** The request the render server makes of a page for `address` (`/Articles?title=…`). */
export function pageRequest(address: string): PageRequest {
  const url = new URL(address, 'http://site.test');
  return { pathname: url.pathname, searchParams: url.searchParams };
}

export interface ServerPage {
  html: string;
  reads: QueryClient;
  head: PageHead | undefined;
}

/** The reads `page.load` loads for `address`, in a cache of their own, as the render server has them. */
export async function loadPage(page: SectionPage, address: string): Promise<QueryClient> {
  const reads = createQueryClient();
  await page.load(pageRequest(address), reads);
  return reads;
}

/** `page.load` for `address`, then `ui` rendered to HTML at that address with the reads loaded. */
export async function renderOnServer(ui: ReactElement, page: SectionPage, address: string): Promise<ServerPage> {
  const reads = await loadPage(page, address);
  const html = renderToString(
    <QueryClientProvider client={reads}>
      <StaticRouter location={address}>{ui}</StaticRouter>
    </QueryClientProvider>,
  );
  return { html, reads, head: page.head?.(pageRequest(address), reads) };
}

/**
 * The browser's side: the server's HTML in the document, hydrated at the same address with the
 * reads it embedded (through JSON, as they travel in the page). React's recoverable errors (a
 * mismatch it repaired by rendering again) are collected.
 */
export function hydrateInBrowser(
  ui: ReactElement,
  { html, reads }: Pick<ServerPage, 'html' | 'reads'>,
  address: string,
) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  // The document's reading of the server's HTML, which hydration must leave as it is.
  const served = container.innerHTML;
  const browserReads = createQueryClient();
  hydrate(browserReads, JSON.parse(JSON.stringify(dehydrate(reads))) as DehydratedState);
  const recoverableErrors: unknown[] = [];
  const root: Root = hydrateRoot(
    container,
    <QueryClientProvider client={browserReads}>
      <MemoryRouter initialEntries={[address]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
    { onRecoverableError: (error) => recoverableErrors.push(error) },
  );
  return { container, served, root, reads: browserReads, recoverableErrors };
}
