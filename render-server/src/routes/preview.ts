import type { ServerResponse } from 'node:http';
import { routeAt, siteConfig } from '@blog/shared';
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
import { previewing } from '../previewing';
import type { Routes } from '../site';

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
