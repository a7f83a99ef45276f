import { fetchArchiveYear, fetchArchiveYears, fetchArticleSummaries } from '@blog/shared';
import type { FastifyPluginCallback } from 'fastify';
import {
  articlesSitemapXml,
  pagesSitemapXml,
  robotsTxt,
  rssXml,
  SITEMAP_MAX_URLS,
  sitemapFileOf,
  sitemapFiles,
  sitemapIndexXml,
} from '../feeds';
import type { Render } from '../page-cache';
import { withReadDeadline } from '../render/page';
import { plain } from '../request';
import { TAG } from '../tags';

const XML = 'application/xml; charset=utf-8';

/** A feed's text, and whether its address names nothing (a year with no article, a part past the last). */
interface Feed {
  xml: string;
  namesNothing?: boolean;
}

/** robots.txt, and the sitemap and the feed, kept in the page cache as pages are. */
export const feedRoutes: FastifyPluginCallback = (app, _options, done) => {
  const { options } = app.site;
  const { siteUrl } = options;
  app.get('/robots.txt', (_request, reply) => plain(reply, 200, robotsTxt(siteUrl), options.htmlCacheControl));
  const renderOf =
    (type: string, body: () => Promise<Feed>): Render =>
    async (signal) => {
      const { value, readFailed } = await withReadDeadline(
        signal,
        { timeoutMs: options.readTimeoutMs, headers: options.cmsHeaders },
        body,
      );
      return {
        status: 200,
        type,
        body: value.xml,
        tags: [TAG.site, TAG.articles],
        degraded: readFailed,
        longTail: value.namesNothing,
      };
    };
  const feed = (path: string, type: string, body: () => Promise<Feed>) =>
    app.get(path, (request, reply) => app.pages.serve(request, reply, path, renderOf(type, body)));

  feed('/sitemap.xml', XML, async () => {
    const years = await Promise.all(
      (await fetchArchiveYears()).map(async (year) => ({ year, articles: (await fetchArchiveYear(year)).length })),
    );
    return { xml: await sitemapIndexXml(siteUrl, sitemapFiles(years)) };
  });
  app.get<{ Params: { name: string } }>('/sitemaps/:name', (request, reply) => {
    const { pathname } = request.target;
    const file = sitemapFileOf(request.params.name);
    if (!file) return app.pages.notFound(request, reply, pathname);
    const body = async (): Promise<Feed> => {
      if ('pages' in file) {
        const newest = await fetchArticleSummaries({ search: '', page: 1 });
        return { xml: await pagesSitemapXml(siteUrl, newest?.data[0]?.date_of_the_article) };
      }
      const articles = await fetchArchiveYear(file.year);
      return {
        xml: await articlesSitemapXml(siteUrl, articles, file.part),
        namesNothing: articles.length <= (file.part - 1) * SITEMAP_MAX_URLS,
      };
    };
    return app.pages.serve(request, reply, pathname, renderOf(XML, body));
  });
  feed('/rss.xml', 'application/rss+xml; charset=utf-8', async () => {
    const newest = await fetchArticleSummaries({ search: '', page: 1 });
    return { xml: rssXml(siteUrl, newest?.data ?? []) };
  });
  done();
};
