import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChildRenderServers } from '@blog/release';
import { clientOf } from '@blog/server-kit';
import type { Counters } from '../limits';
import type { ServerOptions } from '../options';
import type { PageCache } from '../page-cache';
import type { DocumentTemplate } from '../render/document';
import type { PageContext } from '../render/page';
import type { Target } from '../request';
import type { TileCache } from '../tiles';

/** What the render server is made of, built once at start (`main.ts`) and shared by every route. */
export interface SiteServices extends Omit<PageContext, 'siteUrl' | 'readTimeoutMs' | 'cmsHeaders' | 'preview'> {
  cache: PageCache;
  /** The document of a preview's page: its browser reads the CMS through this server. */
  previewTemplate: DocumentTemplate;
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
}

/** The server's settings and services, as every plugin and route reads them (`app.site`). */
export interface Site {
  options: ServerOptions;
  services: SiteServices;
  /** What a page of the site is rendered with. */
  pageContext: PageContext;
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

export const sitePlugin = fp<{ options: ServerOptions; services: SiteServices }>(
  (app, { options, services }, done) => {
    app.decorate('site', {
      options,
      services,
      pageContext: {
        ...services,
        siteUrl: options.siteUrl,
        readTimeoutMs: options.readTimeoutMs,
        cmsHeaders: options.cmsHeaders,
      },
      secure: options.siteUrl.startsWith('https:'),
      clientOf: ({ raw }) =>
        clientOf(raw.socket.remoteAddress, String(raw.headers['x-forwarded-for'] ?? ''), options.proxyHops),
    });
    done();
  },
  { name: 'site' },
);
