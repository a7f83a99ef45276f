import { Readable, type Transform } from 'node:stream';
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
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';

/** `YYYY-MM-DD` as the CMS stores an article's date. */
const day = (date: string) => date.slice(0, 10);

/** The most addresses a sitemap file lists: a fifth of what sitemaps.org's protocol allows, so that each file is a small read. */
export const SITEMAP_MAX_URLS = 10_000;

/** A file of the sitemap: the site's routes, or one part of a year's articles (1 for its first). */
export type SitemapFile = { pages: true } | { year: number; part: number };

/** A sitemap file's name under `/sitemaps/`: `pages.xml`, `2026.xml`, then `2026-2.xml` past `SITEMAP_MAX_URLS`. */
export function sitemapFileName(file: SitemapFile): string {
  if ('pages' in file) return 'pages.xml';
  return file.part === 1 ? `${file.year}.xml` : `${file.year}-${file.part}.xml`;
}

/** The file a name under `/sitemaps/` names, if any. */
export function sitemapFileOf(name: string): SitemapFile | undefined {
  if (name === 'pages.xml') return { pages: true };
  const match = /^(\d{4})(?:-([2-9]|[1-9]\d{1,3}))?\.xml$/.exec(name);
  return match ? { year: Number(match[1]), part: Number(match[2] ?? 1) } : undefined;
}

/** The sitemap's files: the routes, then each year's articles, newest year first, in parts the protocol allows. */
export function sitemapFiles(years: { year: number; articles: number }[]): SitemapFile[] {
  return [
    { pages: true },
    ...years.flatMap(({ year, articles }) =>
      Array.from({ length: Math.max(1, Math.ceil(articles / SITEMAP_MAX_URLS)) }, (_, at) => ({ year, part: at + 1 })),
    ),
  ];
}

const xmlOf = async (items: Readable, stream: Transform) => (await streamToPromise(items.pipe(stream))).toString();

/**
 * The sitemap's index (`/sitemap.xml`): one file for the routes and one for each year's articles,
 * so that no file outgrows the protocol's bound, and each is read and kept with its year.
 */
export function sitemapIndexXml(siteUrl: string, files: SitemapFile[]): Promise<string> {
  const urls = files.map((file) => `${siteUrl}/sitemaps/${sitemapFileName(file)}`);
  return xmlOf(Readable.from(urls), new SitemapIndexStream());
}

/** Every route of the site; Home with the newest article's date, as it changes with every new article. */
export function pagesSitemapXml(siteUrl: string, newest: string | undefined): Promise<string> {
  const links = SECTIONS.map(({ paths, module }) => ({
    url: paths[0],
    ...(newest && module === 'mf_articles/Home' ? { lastmod: day(newest) } : {}),
  }));
  return xmlOf(Readable.from(links), new SitemapStream({ hostname: `${siteUrl}/` }));
}

/** One part of a year's articles (`SITEMAP_MAX_URLS` each), each article's address with its date. */
export function articlesSitemapXml(siteUrl: string, articles: ArchiveEntry[], part = 1): Promise<string> {
  const links = articles
    .slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS)
    .map((article) => ({ url: articleHref(article.title_article), lastmod: day(article.date_of_the_article) }));
  return xmlOf(Readable.from(links), new SitemapStream({ hostname: `${siteUrl}/` }));
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
