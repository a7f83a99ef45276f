import { pageAddress, routeAt } from '@blog/shared';
import { canaryVisit } from '../canary';
import { exchangeOf } from '../exchange';
import { renderPage } from '../render';
import type { Routes } from '../site';
import { previewing } from '../previewing';
import { staticFiles } from '../static-files';
import { pageCachePath } from '../page-cache-path';

/**
 * Every address no other route names: a page of the site's routes (`routeAt`) at its one address,
 * kept for every visitor but a preview's; else one of the shell's files; else the not-found page.
 */
export const pageRoutes: Routes = (site) => {
  const { options, context, pageContext } = site;
  const { serve, notFound } = pageCachePath(site);
  const { previewedBuilds, viaPreviewBuild, previewOf, servePreview } = previewing(site);
  const files = staticFiles(site);
  site.route('/*', async (req, res, { pathname, search }) => {
    const route = routeAt(pathname);
    if (!route) {
      // The build's own page, its dotfiles (a build stamp, `.inputs-hash`) and the render server's code
      // are not the site's, however the address spells them.
      if (
        pathname === '/index.html' ||
        pathname === '/server' ||
        pathname.startsWith('/server/') ||
        pathname.includes('/.')
      )
        return notFound(req, res, pathname);
      exchangeOf(req).route = '(file)';
      return files(req, res, () => notFound(req, res, pathname));
    }
    exchangeOf(req).route = route.path;
    if (route.path !== pathname) {
      // The browser's router reads `/articles/` as `/Articles`: the server sends it to the one address.
      res.statusCode = 301;
      res.setHeader('Location', `${route.path}${search}`);
      res.setHeader('Cache-Control', options.htmlCacheControl);
      res.end();
      return;
    }
    const address = pageAddress(route.path, route.section, new URLSearchParams(search));
    const target = { address, section: route.section };
    const builds = previewedBuilds(req);
    if (builds) return viaPreviewBuild(req, res, builds);
    const preview = previewOf(req);
    if (preview || options.previewSections) return servePreview(req, res, target, preview);
    // A visitor of a section's canary is served by the canary's render server (canary.ts).
    const canary = canaryVisit(context.sections.canaries(), req.headers.cookie, Math.random, site.secure);
    if (canary.cookies.length > 0) res.setHeader('Set-Cookie', canary.cookies);
    if (canary.overrides) return viaPreviewBuild(req, res, canary.overrides, true);
    return serve(req, res, address, async (signal) => {
      const page = await renderPage(target, pageContext, signal);
      // The tiles a page of the site's shows keep their share of the tile server.
      context.tiles?.noteShown(page.body);
      return page;
    });
  });
};
