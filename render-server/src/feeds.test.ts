import { aPhoto, aSummary } from '@blog/shared/testing';
import { robotsTxt, rssXml, sitemapXml } from './feeds';

const entry = (title: string, date: string) => ({ documentId: title, title_article: title, date_of_the_article: date });

describe('the sitemap', () => {
  it('lists every route and every article’s address with its date, escaped', async () => {
    const xml = await sitemapXml('https://blog.test', [
      entry('Drones & tanks?', '2026-03-01'),
      entry('Older', '2025-01-02'),
    ]);
    const urls = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map(([, loc]) => loc);
    expect(urls).toEqual([
      'https://blog.test/Home',
      'https://blog.test/Articles',
      'https://blog.test/New-start-here',
      'https://blog.test/New-letter',
      'https://blog.test/About',
      'https://blog.test/Contact',
      'https://blog.test/Articles?title=Drones%20%26%20tanks%3F',
      'https://blog.test/Articles?title=Older',
    ]);
    expect(xml).toContain('<lastmod>2026-03-01T00:00:00.000Z</lastmod>');
    expect(xml.match(/<lastmod>/g)).toHaveLength(3);
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
