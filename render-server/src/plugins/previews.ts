import { siteConfig } from '@blog/shared';
import { ChildRenderServersBusy, type SectionOverrides } from '@blog/release';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canaryAnswerHeaders } from '../canary';
import { log } from '../log';
import { previewOf, previewRead, type Preview } from '../preview';
import { renderPage, type PageTarget } from '../render/page';
import { FRAME_ANCESTORS, RETRY_A_RESET_ONCE, forVisitor, plain, unavailable, visitorOf } from '../request';
import { sectionsOf } from '../section-preview';
import type { Site } from './site';

/** What a browser that previews is answered with: drafts rendered for it, or the render server of the builds it previews. */
function previewing({ options, services, pageContext, clientOf }: Site) {
  const { previewServers, canaryServers } = services;
  // A preview is framed by the admin panel too, on the CMS's origin.
  const previewFrameAncestors = `${FRAME_ANCESTORS} ${new URL(siteConfig().cmsUrl).origin}`;

  const previewReads = (preview: Preview) => (url: string) =>
    previewRead(url, siteConfig().cmsUrl, preview, options.preview?.apiToken);

  /** The builds of sections this browser previews, if any: its pages, section list and reads are theirs. */
  const previewedBuilds = (request: FastifyRequest) =>
    options.preview && !options.previewSections
      ? sectionsOf(options.preview.secret, request.headers.cookie, Date.now())
      : undefined;

  /** A browser that previews builds of sections, or a visitor of a canary, is answered by the render server that loads them. */
  async function viaPreviewBuild(reply: FastifyReply, overrides: SectionOverrides, canary = false) {
    const builds = canary ? canaryServers : previewServers;
    const origin = await builds?.origin(overrides).catch((error: unknown) => error as Error);
    if (origin instanceof ChildRenderServersBusy) return unavailable(reply, 5, origin.message);
    if (typeof origin !== 'string') {
      log.error({ err: origin }, 'A preview of sections could not start');
      return plain(reply, 503, 'Service Unavailable: the preview of those builds could not start');
    }
    // `request.url` is the address as checked (`rewriteUrl`): the other server checks it again.
    return reply.from(`${origin}${reply.request.url}`, {
      // Its limits per client count the visitor, as this server sees them: it trusts this server alone.
      rewriteRequestHeaders: (_request, headers) => ({ ...headers, 'x-forwarded-for': clientOf(reply.request) }),
      // Its own render timeout ends a page it cannot render: this one only outlasts it.
      timeout: options.renderTimeoutMs + 5_000,
      // Its answer, not this server's retries of it: a 503 of its own says when to ask again.
      ...RETRY_A_RESET_ONCE,
      rewriteHeaders: (headers) => (canary ? canaryAnswerHeaders(headers) : headers),
      onError: (answering, { error }) => {
        log.error({ err: error }, 'The render server of a preview of sections failed');
        plain(answering, 502, 'Bad Gateway: the preview of those builds did not answer');
      },
    });
  }

  /** A preview's page: rendered for this browser alone, never kept, never indexed. */
  async function servePreview(reply: FastifyReply, target: PageTarget, preview: Preview | undefined) {
    const visitor = visitorOf(reply.raw);
    const context = pageContext();
    const previewContext = {
      ...context,
      // Drafts are read through this server, by the browser too.
      template: preview ? services.shell.current.previewTemplate : context.template,
      preview: {
        status: preview?.status,
        read: preview && previewReads(preview),
        sections: options.previewSections,
      },
    };
    const page = await forVisitor(renderPage(target, previewContext, visitor), visitor);
    if (!page || visitor.aborted) return reply;
    return reply
      .code(page.status)
      .header('Content-Type', page.type)
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', 'noindex')
      .header('Content-Security-Policy', previewFrameAncestors)
      .send(page.body);
  }

  return {
    previewedBuilds,
    viaPreviewBuild,
    servePreview,
    previewReads,
    /** The drafts this browser previews, if any. */
    previewOf: (request: FastifyRequest) =>
      options.preview && previewOf(options.preview.secret, request.headers.cookie, Date.now()),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Previews of drafts and of sections' builds, and canaries: what answers a browser that has one. */
    previews: ReturnType<typeof previewing>;
  }
}

export const previewsPlugin = fp(
  (app, _options, done) => {
    app.decorate('previews', previewing(app.site));
    done();
  },
  { name: 'previews', dependencies: ['site'] },
);

/** The admin panel's Preview: opening and ending a preview, and a preview's reads of the CMS. */
