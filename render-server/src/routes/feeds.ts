import { fetchArchiveYear, fetchArchiveYears, fetchArticleSummaries } from '@blog/shared';
import { robotsTxt, rssXml, sitemapXml } from '../feeds';
import type { Render } from '../page-cache';
import { withReadDeadline } from '../render';
import { plain } from '../request';
import type { Routes } from '../site';
import { TAG } from '../tags';
import { pageCachePath } from '../page-cache-path';

async function everyArticle() {
  const years = await fetchArchiveYears();
  return (await Promise.all(years.map(fetchArchiveYear))).flat();
}

/** robots.txt, and the sitemap and the feed, kept in the page cache as pages are. */
export const feedRoutes: Routes = (site) => {
  const { options, route } = site;
  const { siteUrl } = options;
  const { serve } = pageCachePath(site);
  route('/robots.txt', (_req, res) => plain(res, 200, robotsTxt(siteUrl), options.htmlCacheControl));
  const feed = (path: string, type: string, body: () => Promise<string>) => {
    const render: Render = async (signal) => {
      const { value, readFailed } = await withReadDeadline(
        signal,
        { timeoutMs: options.readTimeoutMs, headers: options.cmsHeaders },
        body,
      );
      return { status: 200, type, body: value, tags: [TAG.site, TAG.articles], degraded: readFailed };
    };
    route(path, (req, res) => serve(req, res, path, render));
  };
  feed('/sitemap.xml', 'application/xml; charset=utf-8', async () => sitemapXml(siteUrl, await everyArticle()));
  feed('/rss.xml', 'application/rss+xml; charset=utf-8', async () => {
    const newest = await fetchArticleSummaries({ search: '', page: 1 });
    return rssXml(siteUrl, newest?.data ?? []);
  });
};
