import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { articleHref, createQueryClient, sectionAt, siteConfig, type PageHead, type PageRequest } from '@blog/shared';
import type { RemoteModuleId, SectionLoader, SectionModule } from '@blog/shared/federation';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { loadFooter } from '../components/Footer';
import { Root } from '../Root';
import { SERVER_STATE_ID, serializeState, type ServerState } from '../state';
import type { DocumentTemplate } from './document';
import { headTags } from './head';
import type { ServerSections } from './sections';

export interface PageContext {
  template: DocumentTemplate;
  sections: ServerSections;
  htmlCacheControl: string;
}

/** The page's own address: the article's for an article, wherever it is read; the section's own path otherwise. */
function canonicalPath(url: URL, head: PageHead): string {
  if (head.article) return articleHref(head.title);
  return `${sectionAt(url.pathname)?.paths[0] ?? url.pathname}${url.search}`;
}

/**
 * One page, rendered: the route's section (and the sections it shows) loaded from their server
 * builds, their reads loaded, then the document streamed with its head, the rendered page and the
 * reads for hydration. A section that cannot be loaded renders its fallback in place; with the CMS
 * down the views render empty (spec §8).
 */
export async function renderPage(req: IncomingMessage, res: ServerResponse, siteUrl: string, context: PageContext) {
  const { template, sections, htmlCacheControl } = context;
  const url = new URL(req.url ?? '/', siteUrl);
  const request: PageRequest = { pathname: url.pathname, searchParams: url.searchParams };
  const section = sectionAt(url.pathname);
  const reads = createQueryClient();
  const rendered = new Map<RemoteModuleId, SectionModule>();
  const failed = new Set<RemoteModuleId>();

  const load = async (id: RemoteModuleId) => {
    try {
      const module = await sections.load(id);
      rendered.set(id, module);
      return module;
    } catch (error) {
      console.error(`The ${id} section could not be loaded on the server`, error);
      failed.add(id);
      return undefined;
    }
  };
  const main = section && (await load(section.module));
  const shown = await Promise.all((main?.page?.remotes?.(request) ?? []).map(load));
  // The most specific page first: the article the newsletter shows names the page.
  const pages = [...shown, main].flatMap((module) => (module?.page ? [module.page] : []));
  await Promise.all([
    loadFooter(reads),
    ...pages.map((page) =>
      page.load(request, reads).catch((error: unknown) => console.error(`Loading ${url.pathname} failed`, error)),
    ),
  ]);

  const head = pages.map((page) => page.head?.(request, reads)).find(Boolean) ?? {
    title: section?.title ?? 'Page not found',
  };
  const state: ServerState = { reads: dehydrate(reads), modules: [...rendered.keys()], failed: [...failed] };
  const loader: SectionLoader = {
    load: (id) => sections.load(id),
    peek: (id) => rendered.get(id),
    failedOnServer: (id) => failed.has(id),
  };
  const tags = headTags({
    head,
    canonical: `${siteUrl}${canonicalPath(url, head)}`,
    siteUrl,
    home: section?.module === 'mf_articles/Home',
    notFound: !section,
    stylesheets: [...rendered.keys()].flatMap((id) => sections.stylesheets(id)),
    preconnect: [new URL(siteConfig().mediaUrl).origin],
  });

  const stream = renderToPipeableStream(
    <Root
      reads={reads}
      loader={loader}
      router={(app) => <StaticRouter location={`${url.pathname}${url.search}`}>{app}</StaticRouter>}
    />,
    {
      onShellReady() {
        res.statusCode = section ? 200 : 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', htmlCacheControl);
        res.write(`${template.beforeHead}    ${tags}\n  ${template.beforeApp}`);
        // React ends what it writes to; the document goes on after the page.
        const body = Object.assign(new PassThrough(), {
          flush: () => (res as ServerResponse & { flush?: () => void }).flush?.(),
        });
        body.on('data', (chunk: Buffer) => res.write(chunk));
        body.on('end', () =>
          res.end(
            `</div>\n    <script id="${SERVER_STATE_ID}" type="application/json">${serializeState(state)}</script>${template.afterApp}`,
          ),
        );
        stream.pipe(body);
      },
      onShellError(error) {
        console.error(`Rendering ${url.pathname} failed`, error);
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        // The browser renders the page itself, as it would without a server.
        res.end(`${template.beforeHead}${template.beforeApp}</div>${template.afterApp}`);
      },
      onError(error) {
        console.error(`Rendering ${url.pathname}: a section failed, the browser renders it`, error);
      },
    },
  );
}
