import { aPhoto, aSummary } from '@blog/shared/testing';
import {
  SITEMAP_MAX_URLS,
  articlesSitemapXml,
  pagesSitemapXml,
  robotsTxt,
  rssXml,
  sitemapFileName,
  sitemapFileOf,
  sitemapFiles,
  sitemapIndexXml,
} from './feeds';

const entry = (title: string, date: string) => ({ documentId: title, title_article: title, date_of_the_article: date });

describe('the sitemap', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map(([, loc]) => loc);

  it('is an index of a file of the routes and one of each year’s articles, in parts the protocol allows', async () => {
    const files = sitemapFiles([
      { year: 2026, articles: 3 },
      { year: 2025, articles: SITEMAP_MAX_URLS + 1 },
    ]);
    expect(locs(await sitemapIndexXml('https://blog.test', files))).toEqual([
      'https://blog.test/sitemaps/pages.xml',
      'https://blog.test/sitemaps/2026.xml',
      'https://blog.test/sitemaps/2025.xml',
      'https://blog.test/sitemaps/2025-2.xml',
    ]);
    expect(files.map(sitemapFileName).map(sitemapFileOf)).toEqual(files);
  });

  it('knows no other file', () => {
    for (const name of ['index.xml', '2026', '26.xml', '2026-1.xml', '2026-0.xml', '2026-99999.xml', '../2026.xml'])
      expect(sitemapFileOf(name)).toBeUndefined();
  });

  it('lists every route, Home with the newest article’s date', async () => {
    const xml = await pagesSitemapXml('https://blog.test', '2026-03-01');
    expect(locs(xml)).toEqual([
      'https://blog.test/Home',
      'https://blog.test/Articles',
      'https://blog.test/New-start-here',
      'https://blog.test/New-letter',
      'https://blog.test/About',
      'https://blog.test/Contact',
    ]);
    expect(xml.match(/<lastmod>/g)).toEqual(['<lastmod>']);
    expect(xml).toContain('<lastmod>2026-03-01T00:00:00.000Z</lastmod>');
  });

  it('lists a year’s articles’ addresses with their dates, escaped, the protocol’s most a part', async () => {
    const xml = await articlesSitemapXml('https://blog.test', [
      entry('Drones & tanks?', '2026-03-01'),
      entry('Older', '2026-01-02'),
    ]);
    expect(locs(xml)).toEqual([
      'https://blog.test/Articles?title=Drones%20%26%20tanks%3F',
      'https://blog.test/Articles?title=Older',
    ]);
    expect(xml.match(/<lastmod>/g)).toHaveLength(2);
    const many = Array.from({ length: SITEMAP_MAX_URLS + 2 }, (_, at) => entry(`A${at}`, '2025-05-05'));
    expect(locs(await articlesSitemapXml('https://blog.test', many, 2))).toEqual([
      `https://blog.test/Articles?title=A${SITEMAP_MAX_URLS}`,
      `https://blog.test/Articles?title=A${SITEMAP_MAX_URLS + 1}`,
    ]);
  });
});

describe('the feed', () => {
  it('gives each newest article its link, plain description, date, topics and photo', () => {
    const xml = rssXml('https://blog.test', [
      aSummary({
        title_article: 'Budgets <2027>',
        excerpt: '# Budgets\n**Europe** spends more',
        date_of_the_article: '2026-03-01',
        topics: [{ id: 1, category: 'Budgets' }],
        photo: aPhoto('budget'),
      }),
    ]);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title><![CDATA[Budgets <2027>]]></title>');
    expect(xml).toContain('<link>https://blog.test/Articles?title=Budgets%20%3C2027%3E</link>');
    expect(xml).toContain('<description><![CDATA[Europe spends more]]></description>');
    expect(xml).toContain('<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>');
    expect(xml).toContain('<category>Budgets</category>');
    expect(xml).toMatch(/<enclosure url="http:\/\/localhost:1337\/uploads\/budget.jpg"/);
  });
});

describe('robots.txt', () => {
  it('allows everything and names the sitemap', () => {
    expect(robotsTxt('https://blog.test')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://blog.test/sitemap.xml\n');
  });
});
