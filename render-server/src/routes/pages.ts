import { pageAddress, routeAt } from '@blog/shared';
import type { FastifyPluginCallback } from 'fastify';
import { CANARY_DRAW_HEADER, CANARY_SIDE_PATH, canaryVisit } from '../canary';
import { exchangeOf } from '../exchange';

/**
 * Every address no other route names: a page of the site's routes (`routeAt`) at its one address,
 * kept for every visitor but a preview's; else one of the shell's files; else the not-found page.
 */
export const pageRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { options, services, render, secure } = app.site;
  const { serve, notFound } = app.pages;
  const { previewedBuilds, viaPreviewBuild, previewOf, servePreview } = app.previews;
  // A file that is not there (`sendFile`) is the not-found page, which names the address asked.
  app.setNotFoundHandler((request, reply) => notFound(request, reply, request.target.pathname));
  // A cache in front asks it before it looks a page up, and keeps pages by the side it names: for
  // a second at most (a canary begins or ends), per the visitor's cookies, and per draw only when
  // one was made. The headers are the cache's, which gives `Blog-Canary-Set-Cookie` to the visitor.
  app.get(CANARY_SIDE_PATH, (request, reply) => {
    const edgeDraw = Number(request.headers[CANARY_DRAW_HEADER]);
    let drawn = false;
    const random = () => {
      drawn = true;
      return Number.isInteger(edgeDraw) && edgeDraw >= 0 && edgeDraw < 100 ? edgeDraw / 100 : Math.random();
    };
    const canary = canaryVisit(services.sections.canaries(), request.headers.cookie, random, secure);
    if (drawn) reply.header('Vary', CANARY_DRAW_HEADER);
    if (canary.sides.length > 0) reply.header('Blog-Canary-Cookie', canary.sides.join('; '));
    if (canary.cookies.length > 0) reply.header('Blog-Canary-Set-Cookie', canary.cookies);
    return reply
      .header('Cache-Control', 'public, max-age=0, s-maxage=1')
      .header('Blog-Canary-Side', canary.side)
      .send('');
  });
  // The shell's files the build has no Brotli copy of are gzipped as they go; pages are kept gzipped already.
  app.get('/*', { compress: { encodings: ['gzip'] } }, async (request, reply) => {
    const { pathname, search } = request.target;
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
        return notFound(request, reply, pathname);
      exchangeOf(request.raw).route = '(file)';
      // A page opened before the shell's last release still loads its own build's scripts.
      return reply.sendFile(pathname, services.shell.rootOf(pathname));
    }
    exchangeOf(request.raw).route = route.path;
    if (route.path !== pathname)
      // The browser's router reads `/articles/` as `/Articles`: the server sends it to the one address.
      return reply
        .code(301)
        .header('Location', `${route.path}${search}`)
        .header('Cache-Control', options.htmlCacheControl)
        .send();
    const address = pageAddress(route.path, route.section, new URLSearchParams(search));
    const target = { address, section: route.section };
    const builds = previewedBuilds(request);
    if (builds) return viaPreviewBuild(reply, builds);
    const preview = previewOf(request);
    if (preview || options.previewSections) return servePreview(reply, target, preview);
    // A visitor of a section's canary is served by the canary's render server (canary.ts).
    const canary = canaryVisit(services.sections.canaries(), request.headers.cookie, Math.random, secure);
    if (canary.cookies.length > 0) reply.header('Set-Cookie', canary.cookies);
    if (canary.overrides) return viaPreviewBuild(reply, canary.overrides, true);
    return serve(request, reply, address, async (signal) => {
      const page = await render(target, signal);
      // The tiles a page of the site's shows keep their share of the tile server.
      services.tiles?.noteShown(page.body);
      return page;
    });
  });
  done();
};
