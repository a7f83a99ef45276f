import { execFile } from 'child_process';
import fs from 'fs';
import path from 'path';
import { promisify } from 'util';
import type { MostPopularEntry } from '@blog/shared';
import type { StrapiAnswer } from './support/http';
import { startStrapi, type StrapiProcess } from './support/strapi-process';
import {
  everyEntry,
  heading,
  mostPopular,
  newestFirst,
  search,
  topicCounts,
  yearArchive,
  years,
  type FullArticle,
  type FullComment,
} from './support/read-model';

const GROWN = { articles: 2000, comments: 20000 };
const CMS_DIR = path.resolve(__dirname, '..');

describe(`a database grown to ${GROWN.articles} articles and ${GROWN.comments} comments`, () => {
  let cms: StrapiProcess;
  let articles: FullArticle[];
  let comments: FullComment[];

  async function read<T>(pathname: string): Promise<StrapiAnswer<T>> {
    const answer = await fetch(`${cms.url}/api/${pathname}`);
    expect(answer.status).toBe(200);
    return (await answer.json()) as StrapiAnswer<T>;
  }

  beforeAll(async () => {
    cms = await startStrapi({ env: { GEOCODER_URL: '' } });
    // The script, as docs/code/read-model.md runs it, on the database of the running CMS.
    const script = path.join(CMS_DIR, 'dist', 'scripts', 'grow.js');
    const args = ['--articles', String(GROWN.articles), '--comments', String(GROWN.comments)];
    const { stdout } = await promisify(execFile)(process.execPath, [script, ...args], {
      cwd: CMS_DIR,
      env: { ...process.env, ...cms.database },
    });
    console.log(stdout.trim());
    articles = await everyEntry<FullArticle>(cms.url, 'articles?populate=*');
    comments = await everyEntry<FullComment>(cms.url, 'comments?populate=*');
  }, 300_000);

  afterAll(async () => {
    await cms?.stop();
    if (cms) fs.rmSync(cms.dataDir, { recursive: true, force: true });
  });

  it('reads what the script wrote into its search index by itself, before any visitor asks for a list', async () => {
    // Nothing before this test asks for a list or a search: only the index's own follower reads it.
    const indexed = async () => {
      const metrics = await (await fetch(cms.metricsUrl)).text();
      return Number(/^blog_cms_search_index_articles (\d+)$/m.exec(metrics)?.[1]);
    };
    const deadline = Date.now() + 60_000;
    while ((await indexed()) !== GROWN.articles && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await indexed()).toBe(GROWN.articles);
  });

  it('serves every grown article and approved comment through spec §7’s lists', () => {
    expect(articles).toHaveLength(GROWN.articles);
    expect(comments).toHaveLength(GROWN.comments);
    expect(new Set(articles.map(({ title_article }) => title_article)).size).toBe(GROWN.articles);
    expect(articles.every(({ documentId }) => /^[a-z0-9]{24}$/.test(documentId))).toBe(true);
  });

  it('pages the Articles list newest first, without the articles’ bodies', async () => {
    const expected = newestFirst(articles).map(({ documentId }) => documentId);
    for (const page of [1, 17, 40]) {
      const { data, meta } = await read<{ documentId: string }[]>(`article-summaries?page=${page}&pageSize=50`);
      expect(meta.pagination).toEqual({ page, pageSize: 50, pageCount: 40, total: GROWN.articles });
      expect(data.map(({ documentId }) => documentId)).toEqual(expected.slice((page - 1) * 50, page * 50));
      expect(JSON.stringify(data)).not.toContain('text_article');
    }
  });

  it('searches the grown articles’ text: every clone of the one article that says a word, marked', async () => {
    const saying = articles.filter(({ text_article }) => /\bcomptroller\b/i.test(text_article ?? ''));
    expect(saying.length).toBeGreaterThan(1);
    const { data, meta } = await read<{ documentId: string; snippet?: string }[]>(
      'article-search?search=comptroller&pageSize=50',
    );
    expect(meta.pagination.total).toBe(saying.length);
    const ids = new Set(saying.map(({ documentId }) => documentId));
    expect(data).toHaveLength(Math.min(50, saying.length));
    expect(data.every(({ documentId, snippet }) => ids.has(documentId) && snippet?.includes('<mark>'))).toBe(true);
  });

  it.each(['naval', 'MARKETS', '(#12'])('searches %s like the full list', async (term) => {
    const expected = search(articles, term);
    const { data, meta } = await read<{ documentId: string }[]>(
      `article-summaries?search=${encodeURIComponent(term)}&pageSize=50&page=2`,
    );
    expect(meta.pagination.total).toBe(expected.length);
    expect(data.map(({ documentId }) => documentId)).toEqual(
      expected.slice(50, 100).map(({ documentId }) => documentId),
    );
  });

  it('ranks, counts and archives like the full lists', async () => {
    expect((await read<MostPopularEntry[]>('most-popular-articles')).data).toEqual(mostPopular(articles, comments));
    expect((await read('article-topics')).data).toEqual(topicCounts(articles));
    const { data: archiveYears } = await read<number[]>('archive-years');
    expect(archiveYears).toEqual(years(articles));
    expect(archiveYears.length).toBeGreaterThanOrEqual(10);
    for (const year of archiveYears)
      expect((await read(`archive-years/${year}`)).data).toEqual(yearArchive(articles, year));
    expect((await read('latest-articles?limit=10')).data).toEqual(newestFirst(articles).slice(0, 10).map(heading));
  });

  it('pages the comments of one article past 100 through Strapi’s own comment list', async () => {
    const [leader] = (await read<MostPopularEntry[]>('most-popular-articles')).data;
    expect(leader.comments).toBeGreaterThan(100);
    // In the order the site shows them.
    const query = `comments?filters[article][$eq]=${encodeURIComponent(leader.title_article)}&sort[0]=id:asc`;
    const own = await everyEntry<FullComment>(cms.url, query);
    expect(own).toHaveLength(leader.comments);
    expect(own.map(({ id }) => id)).toEqual(
      comments
        .filter(({ article }) => article === leader.title_article)
        .map(({ id }) => id)
        .sort((a, b) => a - b),
    );
  });
});
