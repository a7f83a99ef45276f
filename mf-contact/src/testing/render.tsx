// The render server's path for this section's page, and the browser's hydration of what it sent.
import './encoding';
import { ROUTER_FUTURE, createQueryClient, type SectionPage } from '@blog/shared';
import { QueryClientProvider, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { StaticRouter } from 'react-router-dom/server';

export const pageRequest = (pathname: string) => ({ pathname, searchParams: new URLSearchParams() });

/** Loads the page's reads for `pathname` and renders it to HTML with them, as the render server does. */
export async function renderOnServer(Page: ComponentType, page: SectionPage, pathname: string) {
  const reads = createQueryClient();
  await page.load(pageRequest(pathname), reads);
  const html = renderToString(
    <QueryClientProvider client={reads}>
      <StaticRouter location={pathname} future={ROUTER_FUTURE}>
        <Page />
      </StaticRouter>
    </QueryClientProvider>,
  );
  return { html, reads };
}

/** Hydrates the server's HTML in `container` from the reads the server embedded, as the browser does. */
export function hydrateInBrowser(Page: ComponentType, pathname: string, container: HTMLElement, serverReads: QueryClient): Root {
  const reads = createQueryClient();
  // Through JSON, as the page embeds them.
  hydrate(reads, JSON.parse(JSON.stringify(dehydrate(serverReads))));
  return hydrateRoot(
    container,
    <QueryClientProvider client={reads}>
      <MemoryRouter initialEntries={[pathname]} future={ROUTER_FUTURE}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
