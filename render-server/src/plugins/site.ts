import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChildRenderServers } from '@blog/release';
import { clientOf } from '@blog/server-kit';
import type { KeptReads } from '../kept-reads';
import type { Counters } from '../limits';
import type { ServerOptions } from '../options';
import type { PageCache, Rendered } from '../page-cache';
import { renderPage, type PageContext, type PageTarget } from '../render/page';
import { searchesInTurn } from '../render/searches-in-turn';
import type { RenderThreads } from '../render/threads';
import type { LiveShell } from '../shell/live-shell';
import type { Target } from '../request';
import type { TileCache } from '../tiles';

/** What the render server is made of, built once at start (`main.ts`) and shared by every route. */
export interface SiteServices extends Omit<
  PageContext,
  'template' | 'shell' | 'siteUrl' | 'readTimeoutMs' | 'cmsHeaders' | 'preview' | 'keptReads'
> {
  /** The shell's build pages are rendered with now, and those whose files stay answerable. */
  shell: LiveShell;
  /** The answers many pages share, read once for them all, and dropped by the changes that drop pages. */
  keptReads?: KeptReads;
  cache: PageCache;
  /** The render servers of the sections' builds that browsers preview; none where previews are off. */
  previewServers?: ChildRenderServers;
  /** The render servers of the sections' canaries (`canary.ts`); none in a server that renders builds for another. */
  canaryServers?: ChildRenderServers;
  /** Whether the site answers the CMS's uploads (`MEDIA_PATH`) on its own origin (`mediaOnSite`). */
  mediaFromCms?: boolean;
  /** The tile server's tiles, answered on the site's origin (`tilesOnSite`); none where the tiles are on it already. */
  tiles?: TileCache;
  /** What limits count (renders per client, reports' nonces): in memory, or in Redis shared by the render servers. */
  counters: Counters;
  /** The threads the site's pages are rendered in; none renders them on the thread that answers. */
  renderThreads?: RenderThreads;
}

/** The server's settings and services, as every plugin and route reads them (`app.site`). */
export interface Site {
  options: ServerOptions;
  services: SiteServices;
  /** What a page of the site is rendered with now: the shell's build live when it starts. */
  pageContext: () => PageContext;
  /** A page of the site rendered for the public: in a render thread when there are any. */
  render: (target: PageTarget, signal: AbortSignal) => Promise<Rendered>;
  /** Whether the site is served over HTTPS, so that the cookies it sets are `Secure`. */
  secure: boolean;
  /** Who a request counts against in the limits per client. */
  clientOf: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    site: Site;
  }
  interface FastifyRequest {
    /** The address asked, decoded and checked once before routing (`rewriteUrl`): what is checked is what is served. */
    target: Target;
  }
}

/**
 * How many searches the server renders at once. The CMS answers them one after another, so a few
 * keep it busy: bench:mix's steady state rendered about 140 a second before the long tail kept
 * them zipped, some 30 ms each, about four at once.
 */
const SEARCHES_AT_ONCE = 8;

export const sitePlugin = fp<{ options: ServerOptions; services: SiteServices }>(
  (app, { options, services }, done) => {
    const pageContext = (): PageContext => ({
      ...services,
      template: services.shell.current.template,
      shell: services.shell.current.server,
      siteUrl: options.siteUrl,
      readTimeoutMs: options.readTimeoutMs,
      cmsHeaders: options.cmsHeaders,
    });
    const { renderThreads } = services;
    app.decorate('site', {
      options,
      services,
      pageContext,
      render: searchesInTurn(
        renderThreads
          ? (target, signal) => renderThreads.render(target, signal)
          : (target, signal) => renderPage(target, pageContext(), signal),
        SEARCHES_AT_ONCE,
      ),
      secure: options.siteUrl.startsWith('https:'),
      clientOf: ({ raw }) =>
        clientOf(raw.socket.remoteAddress, String(raw.headers['x-forwarded-for'] ?? ''), options.proxyHops),
    });
    done();
  },
  { name: 'site' },
);
