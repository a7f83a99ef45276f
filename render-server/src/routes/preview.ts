import { routeAt, siteConfig } from '@blog/shared';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import {
  PREVIEW_CMS_PATH,
  PREVIEW_COOKIE,
  PREVIEW_EXIT_PATH,
  PREVIEW_PATH,
  PREVIEW_SECONDS,
  isSecret,
  previewCookie,
  previewCookieOf,
  type Preview,
} from '../preview';
import { addressUnder, plain, requestTarget } from '../request';
import {
  SECTIONS_COOKIE,
  SECTIONS_PREVIEW_PATH,
  allowedOrigins,
  overridesAsked,
  sectionsCookie,
} from '../section-preview';

export const previewRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { options, services, secure } = app.site;
  const { previewedBuilds, viaPreviewBuild, previewReads, previewOf: previewOfRequest } = app.previews;

  /** Sends this browser to `location`, with its preview's cookies set or ended. */
  function redirect(reply: FastifyReply, location: string, cookies: string[]) {
    return reply
      .code(303)
      .header('Set-Cookie', cookies)
      .header('Location', location)
      .header('Cache-Control', 'private, no-store')
      .send();
  }

  /** A preview's query, once its secret is checked: what is previewed, and the page of the site it opens on. */
  function previewQuery(reply: FastifyReply, search: string, fallbackPath: string) {
    if (!options.preview) {
      plain(reply, 404, 'Not Found: preview is off (PREVIEW_SECRET is not set)');
      return undefined;
    }
    const query = new URLSearchParams(search);
    if (!isSecret(options.preview.secret, query.get('secret'))) {
      plain(reply, 401, 'Unauthorized: a preview needs the shared secret (PREVIEW_SECRET)');
      return undefined;
    }
    const page = query.get('path') ?? fallbackPath;
    // Decoded already: a control character in it (CR, LF) would end up in the Location header.
    const target =
      page.startsWith('/') && !page.startsWith('//') && !/\p{Cc}/u.test(page) ? requestTarget(page) : undefined;
    if (!target || !routeAt(target.pathname)) {
      plain(reply, 400, 'Bad Request: path must be a page of the site');
      return undefined;
    }
    return { secret: options.preview.secret, query, location: `${target.pathname}${target.search}` };
  }

  // The admin panel's Preview button: a preview for this browser, then the page it previews.
  app.get(PREVIEW_PATH, (request, reply) => {
    const asked = previewQuery(reply, request.target.search, '');
    if (!asked) return reply;
    const status = asked.query.get('status') ?? 'draft';
    if (status !== 'draft' && status !== 'published')
      return plain(reply, 400, 'Bad Request: status must be draft or published');
    const preview: Preview = { status, expiresAt: Date.now() + PREVIEW_SECONDS * 1000 };
    return redirect(reply, asked.location, [previewCookie(asked.secret, preview, secure)]);
  });

  // A team's builds of sections, loaded for this browser instead of the deployed ones.
  app.get(SECTIONS_PREVIEW_PATH, (request, reply) => {
    const asked = previewQuery(reply, request.target.search, '/Home');
    if (!asked) return reply;
    const deployed = services.sections.manifests();
    const sections = overridesAsked(asked.query, deployed, allowedOrigins(options.previewOrigins, deployed));
    if ('refused' in sections) return plain(reply, 400, `Bad Request: ${sections.refused}`);
    const expiresAt = Date.now() + PREVIEW_SECONDS * 1000;
    return redirect(reply, asked.location, [sectionsCookie(asked.secret, sections.overrides, expiresAt, secure)]);
  });

  // Ends every preview of this browser: drafts and sections alike.
  app.get(PREVIEW_EXIT_PATH, (_request, reply) =>
    redirect(
      reply,
      '/Home',
      [PREVIEW_COOKIE, SECTIONS_COOKIE].map((name) => previewCookieOf(name, '', 0, secure)),
    ),
  );

  // A preview's browser reads the CMS's API here: drafts with the token, which it never sees; nothing else may.
  app.get(`${PREVIEW_CMS_PATH}/api/*`, async (request, reply) => {
    const { pathname, search } = request.target;
    const builds = previewedBuilds(request);
    if (builds) return viaPreviewBuild(reply, builds);
    const preview = previewOfRequest(request);
    if (!preview) return plain(reply, 403, 'Forbidden: only a preview reads the CMS here');
    const asked = addressUnder(siteConfig().cmsUrl, '/api/', pathname.slice(PREVIEW_CMS_PATH.length), search);
    if (!asked) return plain(reply, 403, 'Forbidden: a preview reads the CMS’s API only');
    const { url, headers } = previewReads(preview)(asked);
    const answer = await fetch(url, {
      headers: { Accept: 'application/json', ...options.cmsHeaders, ...headers },
    }).catch(() => undefined);
    if (!answer) return plain(reply, 502, 'Bad Gateway: the CMS did not answer');
    return reply
      .code(answer.status)
      .header('Content-Type', answer.headers.get('content-type') ?? 'application/json')
      .header('Cache-Control', 'private, no-store')
      .send(Buffer.from(await answer.arrayBuffer()));
  });
  done();
};
