import type { IncomingMessage, ServerResponse } from 'node:http';
import { siteConfig } from '@blog/shared';
import { canaryAnswerHeaders } from './canary';
import { forward } from './forward';
import { log } from './log';
import { previewOf, previewRead, type Preview } from './preview';
import { ChildRenderServersBusy, type SectionOverrides } from '@blog/release';
import { renderPage, type PageTarget } from './render';
import { FRAME_ANCESTORS, forVisitor, plain, unavailable, visitorOf } from './request';
import { sectionsOf } from './section-preview';
import type { Site } from './site';

/** What a browser that previews is answered with: drafts rendered for it, or the render server of the builds it previews. */
export function previewing({ options, context, pageContext }: Site) {
  const { previewServers, canaryServers, previewTemplate } = context;
  // A preview is framed by the admin panel too, on the CMS's origin.
  const previewFrameAncestors = `${FRAME_ANCESTORS} ${new URL(siteConfig().cmsUrl).origin}`;

  const previewReads = (preview: Preview) => (url: string) =>
    previewRead(url, siteConfig().cmsUrl, preview, options.preview?.apiToken);

  /** The builds of sections this browser previews, if any: its pages, section list and reads are theirs. */
  const previewedBuilds = (req: IncomingMessage) =>
    options.preview && !options.previewSections
      ? sectionsOf(options.preview.secret, req.headers.cookie, Date.now())
      : undefined;

  /** A browser that previews builds of sections, or a visitor of a canary, is answered by the render server that loads them. */
  async function viaPreviewBuild(
    req: IncomingMessage,
    res: ServerResponse,
    overrides: SectionOverrides,
    canary = false,
  ) {
    const builds = canary ? canaryServers : previewServers;
    const origin = await builds?.origin(overrides).catch((error: unknown) => error as Error);
    if (origin instanceof ChildRenderServersBusy) {
      return unavailable(res, 5, origin.message);
    }
    if (typeof origin !== 'string') {
      log.error({ err: origin }, 'A preview of sections could not start');
      return plain(res, 503, 'Service Unavailable: the preview of those builds could not start');
    }
    // `req.url` is the address as checked (`rewriteUrl`): the other server checks it again.
    await forward(req, res, `${origin}${req.url ?? '/'}`, {
      headers: req.headers,
      answered: (answer) => ({
        status: answer.statusCode ?? 502,
        headers: canary ? canaryAnswerHeaders(answer.headers) : answer.headers,
        body: true,
      }),
      failed: (error) => {
        log.error({ err: error }, 'The render server of a preview of sections failed');
        plain(res, 502, 'Bad Gateway: the preview of those builds did not answer');
      },
    });
  }

  /** A preview's page: rendered for this browser alone, never kept, never indexed. */
  async function servePreview(
    req: IncomingMessage,
    res: ServerResponse,
    target: PageTarget,
    preview: Preview | undefined,
  ) {
    const visitor = visitorOf(res);
    const previewContext = {
      ...pageContext,
      // Drafts are read through this server, by the browser too.
      template: preview ? previewTemplate : pageContext.template,
      preview: {
        status: preview?.status,
        read: preview && previewReads(preview),
        sections: options.previewSections,
      },
    };
    const page = await forVisitor(renderPage(target, previewContext, visitor), visitor);
    if (!page || visitor.aborted) return;
    res.statusCode = page.status;
    res.setHeader('Content-Type', page.type);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    res.setHeader('Content-Security-Policy', previewFrameAncestors);
    res.end(req.method === 'HEAD' ? undefined : page.body);
  }

  return {
    previewedBuilds,
    viaPreviewBuild,
    servePreview,
    previewReads,
    /** The drafts this browser previews, if any. */
    previewOf: (req: IncomingMessage) =>
      options.preview && previewOf(options.preview.secret, req.headers.cookie, Date.now()),
  };
}

/** The admin panel's Preview: opening and ending a preview, and a preview's reads of the CMS. */
