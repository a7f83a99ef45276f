// The render server's part of a page, for this section's tests: its reads loaded by the exposed
// page's `load`, the component rendered to HTML with them, as `shell/src/server` does.
import { ROUTER_FUTURE, createQueryClient, type SectionPage } from '@blog/shared';
import { QueryClientProvider, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';
import { pageRequest } from './pages';

export interface ServerPage {
  html: string;
  reads: QueryClient;
}

/** `page.load` for `address`, then `ui` rendered to HTML at that address with the reads loaded. */
export async function renderOnServer(ui: ReactElement, page: SectionPage, address: string): Promise<ServerPage> {
  const reads = createQueryClient();
  await page.load(pageRequest(address), reads);
  const html = renderToString(
    <QueryClientProvider client={reads}>
      <StaticRouter location={address} future={ROUTER_FUTURE}>
        {ui}
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { html, reads };
}

/**
 * The browser's side: the server's HTML in the document, hydrated with the reads it embedded (as
 * JSON, the way they travel in the page), at the same address.
 */
export function hydrateInBrowser(ui: ReactElement, { html, reads }: ServerPage, address: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const browserReads = createQueryClient();
  hydrate(browserReads, JSON.parse(JSON.stringify(dehydrate(reads))));
  const recoverableErrors: unknown[] = [];
  const root: Root = hydrateRoot(
    container,
    <QueryClientProvider client={browserReads}>
      <MemoryRouter initialEntries={[address]} future={ROUTER_FUTURE}>
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
    { onRecoverableError: (error) => recoverableErrors.push(error) },
  );
  return { container, root, recoverableErrors };
}
