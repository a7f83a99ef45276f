import fs from 'fs';
import os from 'os';
import path from 'path';
import { Client } from 'pg';
import { authorOf } from '../support/author';
import type { Comment } from '@blog/shared';
import { newVisitor, readJson, type StrapiAnswer } from '../support/http';
import { startStrapi, type StrapiProcess } from '../support/strapi-process';

const SEED = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'seed', 'content.json'), 'utf8')) as {
  articles: unknown[];
  comments: unknown[];
};
const WRITE_LIMIT = 10;
/** A client's read budget: far more than the tests' own reads from this machine use. */
const READ_POINTS = 100;

describe('two CMS processes on one PostgreSQL database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-cms-pair-'));
  let pair: StrapiProcess[] = [];
  let database: Client;

  beforeAll(async () => {
    // Both start at once on the same empty database.
    const env = {
      BLOG_PROXY_HOPS: '1',
      API_RATE_LIMIT: String(READ_POINTS),
      WRITE_RATE_LIMIT: String(WRITE_LIMIT),
      GEOCODER_URL: '',
    };
    pair = await Promise.all([startStrapi({ dataDir, env }), startStrapi({ dataDir, env })]);
    const name = path
      .basename(dataDir)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '_');
    database = new Client({ connectionString: `${process.env.TEST_POSTGRES_URL}/${name}` });
    await database.connect();
  }, 240_000);

  afterAll(async () => {
    await database?.end();
    await Promise.all(pair.map((cms) => cms.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const count = async (sql: string) => Number((await database.query<{ count: string }>(sql)).rows[0].count);
  const send = (
    cms: StrapiProcess,
    pathname: string,
    init: { method: string; body: unknown; headers?: Record<string, string> },
  ) =>
    fetch(`${cms.url}${pathname}`, {
      method: init.method,
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newVisitor(), ...init.headers },
      body: JSON.stringify(init.body),
    });

  it('seeds the empty database once', async () => {
    expect(await count('SELECT count(*) FROM articles WHERE published_at IS NOT NULL')).toBe(SEED.articles.length);
    expect(await count('SELECT count(*) FROM comments')).toBe(SEED.comments.length);
    expect(await count('SELECT count(*) FROM contact_details')).toBe(1);
    expect(await count('SELECT count(*) FROM about_mes WHERE published_at IS NOT NULL')).toBe(1);
    for (const cms of pair) {
      const answer = await readJson<StrapiAnswer>(`${cms.url}/api/articles?pagination[pageSize]=1`);
      expect(answer.meta.pagination.total).toBe(SEED.articles.length);
    }
  });

  it('runs each migration once', async () => {
    const migrations = fs.readdirSync(path.join(__dirname, '..', '..', 'database', 'migrations'));
    expect(await count('SELECT count(*) FROM strapi_migrations')).toBe(migrations.length);
    expect(await count('SELECT count(DISTINCT name) FROM strapi_migrations')).toBe(migrations.length);
  });

  it('counts 400 concurrent likes split between the two exactly', async () => {
    const { data } = await readJson<StrapiAnswer<Comment[]>>(`${pair[0].url}/api/comments?pagination[pageSize]=1`);
    const [{ documentId, like }] = data;
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        send(pair[i % 2], `/api/comments/${documentId}`, {
          method: 'PUT',
          body: { data: { like: String(Number(like) + 1) } },
          headers: { 'X-Vote-Base': like },
        }),
      ),
    );
    expect(answers.map(({ status }) => status)).toEqual(Array(400).fill(200));
    const stored = await readJson<StrapiAnswer<Comment>>(`${pair[1].url}/api/comments/${documentId}`);
    expect(Number(stored.data.like)).toBe(Number(like) + 400);
  });

  it('holds a burst of one visitor’s writes split between the two to one shared limit', async () => {
    const visitor = newVisitor();
    const comment = { data: { name: 'Burst', comment: 'Split between two processes', article: 'Limits' } };
    const answers = await Promise.all(
      Array.from({ length: 3 * WRITE_LIMIT }, (_, i) =>
        send(pair[i % 2], '/api/comments', { method: 'POST', body: comment, headers: { 'X-Forwarded-For': visitor } }),
      ),
    );
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(WRITE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * WRITE_LIMIT);
    const refused = answers.find(({ status }) => status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) FROM comments WHERE name = 'Burst'`)).toBe(WRITE_LIMIT);
  });

  it('holds a burst of one visitor’s reads split between the two to one shared budget', async () => {
    const visitor = newVisitor();
    const answers = await Promise.all(
      Array.from({ length: READ_POINTS + 20 }, (_, i) =>
        fetch(`${pair[i % 2].url}/api/about-mes`, { headers: { 'X-Forwarded-For': visitor } }),
      ),
    );
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(READ_POINTS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('answers a write through one in the other’s next read, though it kept the read model’s answer', async () => {
    const latest = async (cms: StrapiProcess) =>
      (await readJson<StrapiAnswer<{ title_article: string }[]>>(`${cms.url}/api/latest-articles?limit=1`)).data;
    const kept = await latest(pair[1]);
    expect(await latest(pair[1])).toEqual(kept);
    const title = `Written through the first ${Date.now()}`;
    const written = await authorOf(pair[0]).publishArticle({ title_article: title, date_of_the_article: '2031-01-01' });
    expect(await latest(pair[1])).toEqual([expect.objectContaining({ title_article: title })]);
    await authorOf(pair[0]).unpublishArticle(written.documentId);
    expect(await latest(pair[1])).toEqual(kept);
  });

  it('searches in each what was published, edited and unpublished through the other', async () => {
    const found = async (cms: StrapiProcess, word: string) =>
      (
        await readJson<StrapiAnswer<{ title_article: string }[]>>(
          `${cms.url}/api/article-search?search=${word}&pageSize=50`,
        )
      ).data.map(({ title_article }) => title_article);
    // Each process has searched (and so read its index) before the writes.
    for (const cms of pair) expect(await found(cms, 'kinkajoupair')).toEqual([]);
    const title = `Searched through the second ${Date.now()}`;
    const written = await authorOf(pair[0]).publishArticle({
      title_article: title,
      date_of_the_article: '2031-01-02',
      text_article: 'Its text says kinkajoupair.',
    });
    expect(await found(pair[1], 'kinkajoupair')).toEqual([title]);
    await authorOf(pair[0]).editArticle(written.documentId, { text_article: 'Now it says tamarinpair.' });
    expect(await found(pair[1], 'kinkajoupair')).toEqual([]);
    expect(await found(pair[1], 'tamarinpair')).toEqual([title]);
    await authorOf(pair[1]).unpublishArticle(written.documentId);
    expect(await found(pair[0], 'tamarinpair')).toEqual([]);
  });
});
