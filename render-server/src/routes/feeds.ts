import { fetchArchiveYear, fetchArchiveYears, fetchArticleSummaries } from '@blog/shared';
import type { FastifyPluginCallback } from 'fastify';
import { robotsTxt, rssXml, sitemapXml } from '../feeds';
import type { Render } from '../page-cache';
import { withReadDeadline } from '../render/page';
import { plain } from '../request';
import { TAG } from '../tags';

async function everyArticle() {
  const years = await fetchArchiveYears();
  return (await Promise.all(years.map(fetchArchiveYear))).flat();
}

/** robots.txt, and the sitemap and the feed, kept in the page cache as pages are. */
export const feedRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { options } = app.site;
  const { siteUrl } = options;
  app.get('/robots.txt', (_request, reply) => plain(reply, 200, robotsTxt(siteUrl), options.htmlCacheControl));
  const feed = (path: string, type: string, body: () => Promise<string>) => {
    const render: Render = async (signal) => {
      const { value, readFailed } = await withReadDeadline(
        signal,
        { timeoutMs: options.readTimeoutMs, headers: options.cmsHeaders },
        body,
      );
      return { status: 200, type, body: value, tags: [TAG.site, TAG.articles], degraded: readFailed };
    };
    app.get(path, (request, reply) => app.pages.serve(request, reply, path, render));
  };
  feed('/sitemap.xml', 'application/xml; charset=utf-8', async () => sitemapXml(siteUrl, await everyArticle()));
  feed('/rss.xml', 'application/rss+xml; charset=utf-8', async () => {
    const newest = await fetchArticleSummaries({ search: '', page: 1 });
    return rssXml(siteUrl, newest?.data ?? []);
  });
  done();
};
