import type { IncomingMessage, ServerResponse } from 'node:http';
import { fetchArchiveYear, fetchArchiveYears, fetchArticleSummaries, sectionAt } from '@blog/shared';
import compression from 'compression';
import sirv from 'sirv';
import { robotsTxt, rssXml, sitemapXml } from './feeds';
import type { ServerOptions } from './options';
import { renderPage, type PageContext } from './render';

// Hashed files never change; everything else (the config, `remotes.json`) is asked again.
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/;

async function everyArticle() {
  const years = await fetchArchiveYears();
  return (await Promise.all(years.map(fetchArchiveYear))).flat();
}

/** Answers the site: its pages rendered, the sitemap, robots.txt, the feed, and the shell's own files. */
export function siteHandler(options: ServerOptions, context: Omit<PageContext, 'htmlCacheControl'>) {
  const page: PageContext = { ...context, htmlCacheControl: options.htmlCacheControl };
  const gzip = compression();
  const files = sirv(options.dist, {
    // Looked up on every request: an edited `config.js` or `remotes.json` is served at once.
    dev: true,
    etag: true,
    setHeaders: (res, pathname) =>
      res.setHeader('Cache-Control', HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });

  const send = (res: ServerResponse, type: string, body: string) => {
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', options.htmlCacheControl);
    res.end(body);
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const siteUrl = options.siteUrl ?? `http://${req.headers.host ?? `localhost:${options.port}`}`;
    const { pathname } = new URL(req.url ?? '/', siteUrl);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    if (pathname === '/robots.txt') return send(res, 'text/plain; charset=utf-8', robotsTxt(siteUrl));
    if (pathname === '/sitemap.xml') {
      return send(res, 'application/xml; charset=utf-8', await sitemapXml(siteUrl, await everyArticle()));
    }
    if (pathname === '/rss.xml') {
      const newest = await fetchArticleSummaries({ search: '', page: 1 });
      return send(res, 'application/rss+xml; charset=utf-8', rssXml(siteUrl, newest?.data ?? []));
    }
    // The build's own page and the render server's code are not the site's.
    if (sectionAt(pathname) || pathname === '/index.html' || pathname.startsWith('/server/')) {
      return renderPage(req, res, siteUrl, page);
    }
    files(req, res, () => void renderPage(req, res, siteUrl, page));
  }

  return (req: IncomingMessage, res: ServerResponse) =>
    gzip(req as Parameters<typeof gzip>[0], res as Parameters<typeof gzip>[1], () => {
      answer(req, res).catch((error: unknown) => {
        console.error(`${req.url} failed`, error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
}
