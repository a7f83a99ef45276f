import { Readable } from 'node:stream';
import {
  SECTIONS,
  SITE_DESCRIPTION,
  SITE_NAME,
  articleHref,
  describeText,
  imageAttributes,
  type ArchiveEntry,
  type ArticleSummary,
} from '@blog/shared';
import { Feed } from 'feed';
import { SitemapStream, streamToPromise } from 'sitemap';

/** `YYYY-MM-DD` as the CMS stores an article's date. */
const day = (date: string) => date.slice(0, 10);

/** Every route of the site and every article's address, with the article's date. */
export async function sitemapXml(siteUrl: string, articles: ArchiveEntry[]): Promise<string> {
  const newest = articles
    .map(({ date_of_the_article }) => day(date_of_the_article))
    .sort()
    .at(-1);
  const links = [
    // The home page changes with every new article.
    ...SECTIONS.map(({ paths, module }) => ({
      url: paths[0],
      ...(newest && module === 'mf_articles/Home' ? { lastmod: newest } : {}),
    })),
    ...articles.map((article) => ({
      url: articleHref(article.title_article),
      lastmod: day(article.date_of_the_article),
    })),
  ];
  const xml = await streamToPromise(Readable.from(links).pipe(new SitemapStream({ hostname: `${siteUrl}/` })));
  return xml.toString();
}

/** An RSS 2.0 feed of the newest articles. */
export function rssXml(siteUrl: string, articles: ArticleSummary[]): string {
  const feed = new Feed({
    title: SITE_NAME,
    description: SITE_DESCRIPTION,
    id: `${siteUrl}/`,
    link: `${siteUrl}/`,
    language: 'en',
    copyright: `© ${SITE_NAME}`,
    feedLinks: { rss: `${siteUrl}/rss.xml` },
    ...(articles[0] ? { updated: new Date(articles[0].date_of_the_article) } : {}),
  });
  for (const article of articles) {
    const link = `${siteUrl}${articleHref(article.title_article)}`;
    feed.addItem({
      title: article.title_article,
      id: link,
      link,
      description: describeText(article.excerpt, 300),
      date: new Date(article.date_of_the_article),
      category: article.topics.map(({ category }) => ({ name: category })),
      ...(article.photo ? { image: imageAttributes(article.photo).src } : {}),
    });
  }
  return feed.rss2();
}

export const robotsTxt = (siteUrl: string) => `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
