import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startStrapi, type StrapiProcess } from '@blog/cms/testing';
import type { Browser, Page } from '@playwright/test';
import { startRenderServer, type RenderServer } from '../support/render-server';
import type { MostPopularEntry } from '@blog/shared';
import { MOST_API_REQUESTS, appUrls, askedTwice, cmsData, expect, firstVisit, site, test } from '../support/site';

// Issue 9: the site at the size it must stay fast at.
const GROWN = { articles: 2000, comments: 20000 };
// Issue 9's budget of API data for a first visit to any page, at that size.
const MOST_API_BYTES = 60_000;
const PAGE_SIZE = 12;
// Beside this checkout's e2e folder, as the workspace lays it out.
const CMS_DIR = path.resolve(__dirname, '..', '..', 'cms');

interface Listed {
  id: number;
  title_article: string;
  date_of_the_article: string;
  topics: { category: string }[];
}

let cms: StrapiProcess;
/** The site rendered from the grown CMS: a render server of its own whose `config.js` names it. */
let grownSite: RenderServer;
/** Every grown article, newest first as the site lists them, read apart from the site. */
let newestFirst: Listed[];

/** Every entry of a collection of the grown CMS, page after page. */
async function everyEntry<T>(query: string): Promise<T[]> {
  const entries: T[] = [];
  for (let page = 1, pageCount = 1; page <= pageCount; page += 1) {
    const answer = await fetch(`${cms.url}/api/${query}&pagination[pageSize]=100&pagination[page]=${page}`);
    const { data, meta } = (await answer.json()) as { data: T[]; meta: { pagination: { pageCount: number } } };
    entries.push(...data);
    pageCount = meta.pagination.pageCount;
  }
  return entries;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const standIn = `${site.standInUrl}/geocoder/search`;
  const sitePort = await freePort();
  const origins = [...Object.values(appUrls()), `http://localhost:${sitePort}`];
  cms = await startStrapi({
    env: {
      CORS_ORIGINS: origins.join(','),
      GEOCODER_URL: standIn,
      RENDER_SERVER_TOKEN: process.env.RENDER_SERVER_TOKEN ?? '',
    },
  });
  // The CMS engineer's script, as docs/code/read-model.md runs it, on the database of the running CMS.
  const script = path.join(CMS_DIR, 'dist', 'scripts', 'grow.js');
  const size = ['--articles', String(GROWN.articles), '--comments', String(GROWN.comments)];
  await promisify(execFile)(process.execPath, [script, ...size], {
    cwd: CMS_DIR,
    env: { ...process.env, ...cms.database },
  });

  const articles = await everyEntry<Listed>(
    'articles?fields[0]=title_article&fields[1]=date_of_the_article&populate[topics]=true',
  );
  expect(articles).toHaveLength(GROWN.articles);
  newestFirst = articles.sort((a, b) => b.date_of_the_article.localeCompare(a.date_of_the_article) || a.id - b.id);
  // The server reads the CMS for the first view of every page, the browser for what follows: both the grown one.
  grownSite = await startRenderServer({ port: sitePort, config: { cmsUrl: cms.url } });
});

test.afterAll(async () => {
  await grownSite?.close();
  await cms?.stop();
  if (cms) fs.rmSync(cms.dataDir, { recursive: true, force: true });
});

/** A first visit to a page of the site on the grown CMS, held to issue 9's budget. */
async function visit(browser: Browser, pagePath: string): Promise<Page> {
  const { page, requests, apiBytes } = await firstVisit(browser, pagePath, { cmsUrl: cms.url, siteUrl: grownSite.url });
  expect(requests.length, `${pagePath} asked:\n${requests.join('\n')}`).toBeLessThanOrEqual(MOST_API_REQUESTS);
  expect(askedTwice(requests), `${pagePath} asked twice`).toEqual([]);
  expect(await apiBytes(), `API bytes of ${pagePath}`).toBeLessThanOrEqual(MOST_API_BYTES);
  return page;
}

const titles = (articles: Listed[]) => articles.map(({ title_article }) => title_article);
const cardTitles = (page: Page) =>
  page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 });
const matching = (term: string) => {
  const needle = term.toLowerCase();
  return newestFirst.filter(
    ({ title_article, topics }) =>
      title_article.toLowerCase().includes(needle) ||
      topics.some(({ category }) => category.toLowerCase().includes(needle)),
  );
};

test.describe(`on a CMS grown to ${GROWN.articles} articles and ${GROWN.comments} comments`, () => {
  test('the home page shows the two newest articles', async ({ browser }) => {
    const page = await visit(browser, '/');
    const latest = page.getByRole('region', { name: 'Latest articles' }).getByRole('article').locator('> h2');
    await expect(latest).toHaveText(titles(newestFirst.slice(0, 2)));
    await expect(page.getByRole('region', { name: 'MOST POPULAR ARTICLES' }).getByRole('link')).toHaveCount(5);
    await page.context().close();
  });

  test('the list shows a page of the newest, and the next page on its own address', async ({ browser }) => {
    const page = await visit(browser, '/Articles');
    await expect(cardTitles(page)).toHaveText(titles(newestFirst.slice(0, PAGE_SIZE)));
    const pageCount = Math.ceil(GROWN.articles / PAGE_SIZE);
    await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText(
      `${GROWN.articles} articles, page 1 of ${pageCount}`,
    );
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${grownSite.url}/Articles?page=2`);
    await expect(cardTitles(page)).toHaveText(titles(newestFirst.slice(PAGE_SIZE, 2 * PAGE_SIZE)));
    await page.context().close();

    const last = await visit(browser, `/Articles?page=${pageCount}`);
    await expect(cardTitles(last)).toHaveText(titles(newestFirst.slice((pageCount - 1) * PAGE_SIZE)));
    await last.context().close();
  });

  for (const [kind, term] of [
    ['a topic', 'Naval'],
    ['a title', 'Shipyard'],
  ]) {
    test(`a search for ${kind} narrows the list to its articles`, async ({ browser, request }) => {
      const expected = matching(term);
      expect(expected.length).toBeGreaterThan(2 * PAGE_SIZE);
      // The spec's matches come first; the articles whose text alone holds the term follow them.
      const searched = await request.get(`${cms.url}/api/article-search?search=${term}&page=1&pageSize=${PAGE_SIZE}`);
      const { total } = ((await searched.json()) as { meta: { pagination: { total: number } } }).meta.pagination;
      expect(total).toBeGreaterThanOrEqual(expected.length);
      const page = await visit(browser, '/Articles');
      await page.getByRole('searchbox', { name: 'Search articles' }).pressSequentially(term.toUpperCase());
      await expect(page).toHaveURL(`${grownSite.url}/Articles?search=${term.toUpperCase()}`);
      await expect(cardTitles(page)).toHaveText(titles(expected.slice(0, PAGE_SIZE)));
      await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText(
        `${total} articles, page 1 of ${Math.ceil(total / PAGE_SIZE)}`,
      );
      await page.context().close();

      // The search's second page, by its address, as a first visit.
      const second = await visit(browser, `/Articles?search=${encodeURIComponent(term)}&page=2`);
      await expect(cardTitles(second)).toHaveText(titles(expected.slice(PAGE_SIZE, 2 * PAGE_SIZE)));
      await second.context().close();
    });
  }

  test('a link to a grown article shows it with its comments, a hundred at a time', async ({ browser, request }) => {
    const [popular] = await cmsData<MostPopularEntry[]>(request, 'most-popular-articles', cms.url);
    expect(popular.comments).toBeGreaterThan(100);
    const page = await visit(browser, `/Articles?title=${encodeURIComponent(popular.title_article)}`);
    await expect(page.getByRole('heading', { level: 1, name: popular.title_article, exact: true })).toBeVisible();
    const comments = page.getByRole('region', { name: `Community comments (${popular.comments})` });
    await expect(comments.getByRole('listitem')).toHaveCount(100);
    await comments.getByRole('button', { name: 'More comments' }).click();
    await expect(comments.getByRole('listitem')).toHaveCount(Math.min(200, popular.comments));
    await page.context().close();
  });

  test('every other page stays within the budget too', async ({ browser }) => {
    for (const pagePath of ['/New-letter', '/New-letter?year=2020', '/Contact', '/About', '/New-start-here']) {
      const page = await visit(browser, pagePath);
      await page.context().close();
    }
  });
});
