import type { IncomingMessage, ServerResponse } from 'node:http';
import { routeAt, siteConfig } from '@blog/shared';
import { canaryAnswerHeaders } from '../canary';
import { forward } from '../forward';
import { log } from '../log';
import {
  PREVIEW_CMS_PATH,
  PREVIEW_COOKIE,
  PREVIEW_EXIT_PATH,
  PREVIEW_PATH,
  PREVIEW_SECONDS,
  isSecret,
  previewCookie,
  previewCookieOf,
  previewOf,
  previewRead,
  type Preview,
} from '../preview';
import { ChildRenderServersBusy, type SectionOverrides } from '@blog/release';
import { renderPage, type PageTarget } from '../render';
import { FRAME_ANCESTORS, addressUnder, forVisitor, plain, requestTarget, unavailable, visitorOf } from '../request';
import {
  SECTIONS_COOKIE,
  SECTIONS_PREVIEW_PATH,
  allowedOrigins,
  overridesAsked,
  sectionsCookie,
  sectionsOf,
} from '../section-preview';
import type { Routes, Site } from '../site';

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
export const previewRoutes: Routes = (site) => {
  const { options, context, secure } = site;
  const { previewedBuilds, viaPreviewBuild, previewReads, previewOf: previewOfRequest } = previewing(site);

  /** Sends this browser to `location`, with its preview's cookies set or ended. */
  function redirect(res: ServerResponse, location: string, cookies: string[]) {
    res.statusCode = 303;
    res.setHeader('Set-Cookie', cookies);
    res.setHeader('Location', location);
    res.setHeader('Cache-Control', 'private, no-store');
    res.end();
  }

  /** A preview's query, once its secret is checked: what is previewed, and the page of the site it opens on. */
  function previewQuery(res: ServerResponse, search: string, fallbackPath: string) {
    if (!options.preview) {
      plain(res, 404, 'Not Found: preview is off (PREVIEW_SECRET is not set)');
      return undefined;
    }
    const query = new URLSearchParams(search);
    if (!isSecret(options.preview.secret, query.get('secret'))) {
      plain(res, 401, 'Unauthorized: a preview needs the shared secret (PREVIEW_SECRET)');
      return undefined;
    }
    const page = query.get('path') ?? fallbackPath;
    // Decoded already: a control character in it (CR, LF) would end up in the Location header.
    const target =
      page.startsWith('/') && !page.startsWith('//') && !/\p{Cc}/u.test(page) ? requestTarget(page) : undefined;
    if (!target || !routeAt(target.pathname)) {
      plain(res, 400, 'Bad Request: path must be a page of the site');
      return undefined;
    }
    return { secret: options.preview.secret, query, location: `${target.pathname}${target.search}` };
  }

  // The admin panel's Preview button: a preview for this browser, then the page it previews.
  site.route(PREVIEW_PATH, (_req, res, { search }) => {
    const asked = previewQuery(res, search, '');
    if (!asked) return;
    const status = asked.query.get('status') ?? 'draft';
    if (status !== 'draft' && status !== 'published')
      return plain(res, 400, 'Bad Request: status must be draft or published');
    const preview: Preview = { status, expiresAt: Date.now() + PREVIEW_SECONDS * 1000 };
    redirect(res, asked.location, [previewCookie(asked.secret, preview, secure)]);
  });

  // A team's builds of sections, loaded for this browser instead of the deployed ones.
  site.route(SECTIONS_PREVIEW_PATH, (_req, res, { search }) => {
    const asked = previewQuery(res, search, '/Home');
    if (!asked) return;
    const deployed = context.sections.manifests();
    const sections = overridesAsked(asked.query, deployed, allowedOrigins(options.previewOrigins, deployed));
    if ('refused' in sections) return plain(res, 400, `Bad Request: ${sections.refused}`);
    const expiresAt = Date.now() + PREVIEW_SECONDS * 1000;
    redirect(res, asked.location, [sectionsCookie(asked.secret, sections.overrides, expiresAt, secure)]);
  });

  // Ends every preview of this browser: drafts and sections alike.
  site.route(PREVIEW_EXIT_PATH, (_req, res) =>
    redirect(
      res,
      '/Home',
      [PREVIEW_COOKIE, SECTIONS_COOKIE].map((name) => previewCookieOf(name, '', 0, secure)),
    ),
  );

  // A preview's browser reads the CMS's API here: drafts with the token, which it never sees; nothing else may.
  site.route(`${PREVIEW_CMS_PATH}/api/*`, async (req, res, { pathname, search }) => {
    const builds = previewedBuilds(req);
    if (builds) return viaPreviewBuild(req, res, builds);
    const preview = previewOfRequest(req);
    if (!preview) return plain(res, 403, 'Forbidden: only a preview reads the CMS here');
    const asked = addressUnder(siteConfig().cmsUrl, '/api/', pathname.slice(PREVIEW_CMS_PATH.length), search);
    if (!asked) return plain(res, 403, 'Forbidden: a preview reads the CMS’s API only');
    const { url, headers } = previewReads(preview)(asked);
    const answer = await fetch(url, {
      headers: { Accept: 'application/json', ...options.cmsHeaders, ...headers },
    }).catch(() => undefined);
    if (!answer) return plain(res, 502, 'Bad Gateway: the CMS did not answer');
    res.statusCode = answer.status;
    res.setHeader('Content-Type', answer.headers.get('content-type') ?? 'application/json');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
};
