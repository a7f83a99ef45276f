import { cardExcerpt } from '@blog/markup';
import { author } from './support/author';
import { articleEntryQuery, type ArchiveEntry, type MostPopularEntry, type TopicCount } from '@blog/shared';
import { expectStrapiError, request, type StrapiAnswer } from './support/http';
import {
  cardPhoto,
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

interface Summary {
  documentId: string;
  title_article: string;
  date_of_the_article: string;
  topics: { category: string }[];
  excerpt: string;
  photo: unknown;
}

// Same-day articles, Unicode in titles and topics, and LIKE's wildcards and escape as plain characters.
const PROBES = [
  { title_article: 'Énergie: the FUEL question', topics: ['Économie'] },
  { title_article: 'Margins of 100% and more', topics: ['Finance_Ratios'] },
  { title_article: 'A path\\with a backslash', topics: ['Ünïcode Tests'] },
].map((probe) => ({ ...probe, date: '2026-02-03' }));

const entryQuery = (title: string) =>
  new URLSearchParams(Object.entries(articleEntryQuery(title)).map(([name, value]) => [name, String(value)]));

const fullArticles = () => everyEntry<FullArticle>(process.env.CMS_URL ?? '', 'articles?populate=*');
const fullComments = () => everyEntry<FullComment>(process.env.CMS_URL ?? '', 'comments?populate=*');

async function read<T>(path: string) {
  const answer = await request<StrapiAnswer<T>>(path);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Every page of the Articles list for a search. */
async function everySummary(query: string, pageSize = 5) {
  const summaries: Summary[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await read<Summary[]>(`/api/article-summaries?${query}&page=${page}&pageSize=${pageSize}`);
    summaries.push(...data);
    expect(meta.pagination).toEqual(
      expect.objectContaining({ page, pageSize, pageCount: Math.ceil(meta.pagination.total / pageSize) }),
    );
    if (page >= meta.pagination.pageCount) return { summaries, total: meta.pagination.total };
  }
}

async function postComment(article: string) {
  const answer = await request<StrapiAnswer<{ documentId: string }>>('/api/comments', {
    method: 'POST',
    body: { data: { name: 'Ana', comment: 'Probe', article } },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.documentId;
}

async function approvedComment(article: string) {
  const documentId = await postComment(article);
  await author.approveComment(documentId);
  return documentId;
}

beforeAll(async () => {
  for (const { title_article, date, topics } of PROBES) {
    await author.publishArticle({
      title_article,
      date_of_the_article: date,
      text_article: `# ${title_article}\nA probe of the read model.`,
      topics: topics.map((category) => ({ category })),
    });
  }
  // Two same-day articles lead with as many approved comments; an unapproved one would break the tie if counted.
  const [leader] = mostPopular(await fullArticles(), await fullComments());
  for (let count = 0; count <= (leader?.comments ?? 0); count += 1) {
    await approvedComment(PROBES[0].title_article);
    await approvedComment(PROBES[1].title_article);
  }
  await postComment(PROBES[1].title_article);
}, 120_000);

describe('article summaries', () => {
  it('pages through every published article, newest first, same-day articles in publication order', async () => {
    const articles = await fullArticles();
    const { summaries, total } = await everySummary('');
    expect(total).toBe(articles.length);
    expect(summaries.map(({ documentId }) => documentId)).toEqual(
      newestFirst(articles).map(({ documentId }) => documentId),
    );
    const probes = summaries.filter(({ date_of_the_article }) => date_of_the_article === PROBES[0].date);
    expect(probes.map(({ title_article }) => title_article)).toEqual(PROBES.map(({ title_article }) => title_article));
  });

  it('answers a card for each article, with an excerpt and one photo instead of the body', async () => {
    const articles = new Map((await fullArticles()).map((article) => [article.documentId, article]));
    const { data, meta } = await read<Summary[]>('/api/article-summaries');
    expect(meta.pagination).toEqual({
      page: 1,
      pageSize: 12,
      pageCount: Math.ceil(articles.size / 12),
      total: articles.size,
    });
    expect(data).toHaveLength(12);
    for (const summary of data) {
      const full = articles.get(summary.documentId);
      expect(summary).toEqual({
        ...heading(full),
        topics: full.topics.map(({ category }) => ({ category })),
        excerpt: cardExcerpt(full.text_article),
        photo: cardPhoto(full),
      });
      expect(summary.excerpt.length).toBeLessThanOrEqual(320);
    }
    expect(data.some(({ photo }) => photo !== null)).toBe(true);
  });

  it('answers an empty page past the last one', async () => {
    const { data, meta } = await read('/api/article-summaries?page=1000&pageSize=50');
    expect(data).toEqual([]);
    expect(meta.pagination.page).toBe(1000);
  });

  it.each([
    ['a word of a title, in another case', 'NAVAL'],
    ['a topic, in another case', 'industrial BASE'],
    ['Unicode in a title, in another case', 'ÉNERGIE'],
    ['Unicode in a topic, in another case', 'économie'],
    ['Unicode inside a word', 'ÜNÏCODE'],
    ['a term with spaces around it', '  fuel  '],
    ['% as a plain character', '%'],
    ['_ as a plain character', '_'],
    ['\\ as a plain character', '\\'],
    ['a term nothing matches', 'no article says this'],
  ])('searches %s (spec §5)', async (_case, term) => {
    const expected = search(await fullArticles(), term);
    const { summaries, total } = await everySummary(`search=${encodeURIComponent(term)}`);
    expect(total).toBe(expected.length);
    expect(summaries.map(({ title_article }) => title_article)).toEqual(
      expected.map(({ title_article }) => title_article),
    );
  });

  it('finds the probes through their Unicode and wildcard characters, and only them', async () => {
    const titles = async (term: string) =>
      (await everySummary(`search=${encodeURIComponent(term)}`)).summaries.map(({ title_article }) => title_article);
    expect(await titles('énergie')).toEqual([PROBES[0].title_article]);
    expect(await titles('100%')).toEqual([PROBES[1].title_article]);
    expect(await titles('e_r')).toEqual([PROBES[1].title_article]);
    expect(await titles('h\\w')).toEqual([PROBES[2].title_article]);
  });

  it('keeps every article for a blank search and accepts a 200-character term', async () => {
    const all = (await read('/api/article-summaries?pageSize=1')).meta.pagination.total;
    expect((await read('/api/article-summaries?pageSize=1&search=%20%20')).meta.pagination.total).toBe(all);
    expect((await read(`/api/article-summaries?search=${'a'.repeat(200)}`)).meta.pagination.total).toBe(0);
  });
});

describe('rankings and the archive', () => {
  it('lists the 5 articles with the most approved comments, ties to the newer article (spec §9)', async () => {
    const expected = mostPopular(await fullArticles(), await fullComments());
    const { data } = await read<(MostPopularEntry & { photo: unknown })[]>('/api/most-popular-articles');
    expect(data).toEqual(expected);
    // The unapproved comment does not count: the tie between the probes stays in publication order.
    expect(data.slice(0, 2).map(({ title_article }) => title_article)).toEqual([
      PROBES[0].title_article,
      PROBES[1].title_article,
    ]);
    expect(data[0].comments).toBe(data[1].comments);
    expect(data.some(({ photo }) => photo !== null)).toBe(true);
  });

  it('counts the articles of every topic, most first, ties alphabetical', async () => {
    expect((await read('/api/article-topics')).data).toEqual(topicCounts(await fullArticles()));
  });

  it('lists the years that have articles, latest first, and each year newest first', async () => {
    const articles = await fullArticles();
    const { data } = await read<number[]>('/api/archive-years');
    expect(data).toEqual(years(articles));
    for (const year of data) {
      expect((await read(`/api/archive-years/${year}`)).data).toEqual(yearArchive(articles, year));
    }
    expect((await read('/api/archive-years/1999')).data).toEqual([]);
  });

  it('lists the latest articles, 3 by default', async () => {
    const newest = newestFirst(await fullArticles()).map(heading);
    expect((await read('/api/latest-articles')).data).toEqual(newest.slice(0, 3));
    expect((await read('/api/latest-articles?limit=10')).data).toEqual(newest.slice(0, 10));
  });
});

describe('an article’s page', () => {
  const pick = (entry: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(keys.map((key) => [key, entry[key]]));
  const media = (file: Record<string, unknown>) => ({
    ...pick(file, ['id', 'url', 'width', 'height', 'alternativeText', 'mime']),
    formats: file.formats
      ? Object.fromEntries(
          Object.entries(file.formats as Record<string, Record<string, unknown>>).map(([name, format]) => [
            name,
            pick(format, ['url', 'width', 'height']),
          ]),
        )
      : null,
  });
  /** What the site's `Article` type holds of Strapi's own answer. */
  const asShown = (article: Record<string, unknown>) => ({
    ...pick(article, ['id', 'documentId', 'title_article', 'written_by', 'date_of_the_article', 'text_article']),
    updatedAt: article.updatedAt,
    photo_article: ((article.photo_article as Record<string, unknown>[] | null) ?? []).map(media),
    audio: article.audio ? media(article.audio as Record<string, unknown>) : null,
    topics: (article.topics as Record<string, unknown>[]).map((topic) => pick(topic, ['id', 'category'])),
    sources: (article.sources as Record<string, unknown>[]).map((source) => pick(source, ['id', 'text'])),
    articles: (article.articles as Record<string, unknown>[]).map((linked) =>
      pick(linked, ['id', 'documentId', 'title_article']),
    ),
  });

  it('answers each published article as Strapi’s own list filtered by its title does', async () => {
    const articles = await fullArticles();
    expect(articles.some((article) => (article as unknown as { articles: unknown[] }).articles.length > 0)).toBe(true);
    for (const { title_article: title } of articles) {
      const [strapi] = (await read<Record<string, unknown>[]>(`/api/articles?${entryQuery(title)}`)).data;
      const { data } = await read<Record<string, unknown>[]>(`/api/article-detail?${new URLSearchParams({ title })}`);
      expect(data).toEqual([asShown(strapi)]);
    }
  });

  it('answers no article for a title that names none', async () => {
    expect((await read('/api/article-detail?title=No%20such%20article')).data).toEqual([]);
  });

  it('answers each article’s approved comments page by page, oldest first, as Strapi’s own list does', async () => {
    const titles = [...new Set((await fullComments()).map(({ article }) => article))].filter(
      (title): title is string => title !== null,
    );
    expect(titles.length).toBeGreaterThan(1);
    for (const title of titles) {
      for (let page = 1; ; page += 1) {
        const strapi = await read<Record<string, unknown>[]>(
          `/api/comments?${new URLSearchParams({ 'filters[article][$eq]': title, 'sort[0]': 'id:asc', 'pagination[page]': String(page), 'pagination[pageSize]': '2' })}`,
        );
        const answer = await read<Record<string, unknown>[]>(
          `/api/article-comments?${new URLSearchParams({ title, page: String(page), pageSize: '2' })}`,
        );
        const fields = [
          'id',
          'documentId',
          'name',
          'comment',
          'article',
          'approve_comment',
          'like',
          'dislike',
          'publishedAt',
        ];
        expect(answer.data).toEqual(strapi.data.map((comment) => pick(comment, fields)));
        expect(answer.meta.pagination).toEqual(strapi.meta.pagination);
        if (page >= strapi.meta.pagination.pageCount) break;
      }
    }
  });
});

describe('bad query parameters', () => {
  const TOO_LONG = 'a'.repeat(201);
  it.each(
    [
      '/api/article-summaries?page=0',
      '/api/article-summaries?page=abc',
      '/api/article-summaries?page=-1',
      '/api/article-summaries?page=1.5',
      '/api/article-summaries?page=1&page=2',
      '/api/article-summaries?pageSize=0',
      '/api/article-summaries?pageSize=51',
      '/api/article-summaries?pageSize=500',
      `/api/article-summaries?search=${TOO_LONG}`,
      '/api/article-summaries?search[$ne]=x',
      '/api/article-summaries?pagination[page]=2',
      '/api/archive-years/20x5',
      '/api/archive-years/202',
      '/api/archive-years/20255',
      '/api/latest-articles?limit=0',
      '/api/latest-articles?limit=11',
      '/api/most-popular-articles?limit=3',
      '/api/article-detail',
      '/api/article-detail?title=',
      `/api/article-detail?title=${TOO_LONG}`,
      '/api/article-detail?title=a&populate=*',
      '/api/article-comments?title=a&page=0',
      '/api/article-comments?title=a&pageSize=101',
      '/api/article-comments?page=1',
    ].map((path) => [path.replace(TOO_LONG, '<201 characters>'), path]),
  )('answers %s with a 400 in Strapi’s error shape', async (_label, path) => {
    const answer = await request(path);
    expectStrapiError(answer, 400);
    expect(answer.body.error.name).toBe('ValidationError');
    expect(answer.headers.get('cache-control')).toBeNull();
  });
});

describe('HTTP caching of public reads', () => {
  it.each([
    '/api/article-summaries?search=naval',
    '/api/article-topics',
    '/api/articles?populate=*',
    '/api/comments?populate=*',
  ])('gives %s a strong ETag and a short public max-age, and answers 304 when it still matches', async (path) => {
    const first = await request(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=60');

    const again = await request(path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    expect((await request(path, { headers: { 'If-None-Match': `W/${etag}` } })).status).toBe(304);
    expect((await request(path, { headers: { 'If-None-Match': '"another"' } })).status).toBe(200);
    expect((await request(path, { method: 'HEAD' })).headers.get('etag')).toBe(etag);
  });

  it('leaves writes and errors uncached', async () => {
    const write = await request('/api/comments', {
      method: 'POST',
      body: { data: { name: 'Ana', comment: 'Hi', article: 'x' } },
    });
    expect(write.status).toBe(200);
    const missing = await request('/api/articles/no-such-article');
    expect(missing.status).toBe(404);
    for (const answer of [write, missing]) {
      expect(answer.headers.get('etag')).toBeNull();
      expect(answer.headers.get('cache-control')).toBeNull();
    }
  });

  it('shows a vote on the next read, to a client holding the old ETag too', async () => {
    const article = PROBES[2].title_article;
    const documentId = await approvedComment(article);
    // As an article's page reads its comments.
    const path = `/api/article-comments?${new URLSearchParams({ title: article })}`;
    const before = await request(path);
    expect(before.body.data).toEqual([expect.objectContaining({ documentId, like: '0' })]);

    const vote = await request(`/api/comments/${documentId}`, {
      method: 'PUT',
      body: { data: { like: '1' } },
      headers: { 'X-Vote-Base': '0' },
    });
    expect(vote.status).toBe(200);
    expect((await request(path)).body.data).toEqual([expect.objectContaining({ documentId, like: '1' })]);
    // What fetch(url, { cache: 'no-cache' }) sends: the stored ETag, for the server to check.
    const after = await request(path, { headers: { 'If-None-Match': before.headers.get('etag') } });
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual([expect.objectContaining({ documentId, like: '1' })]);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows a newly approved comment in the popularity counts on the next read', async () => {
    const before = await request<StrapiAnswer<MostPopularEntry[]>>('/api/most-popular-articles');
    const leader = before.body.data[0];
    await approvedComment(leader.title_article);
    const after = await request<StrapiAnswer<MostPopularEntry[]>>('/api/most-popular-articles', {
      headers: { 'If-None-Match': before.headers.get('etag') },
    });
    expect(after.status).toBe(200);
    expect(after.body.data[0]).toEqual({ ...leader, comments: leader.comments + 1 });
  });
});

describe('answers kept between changes', () => {
  const read = async <T>(path: string) => (await request<StrapiAnswer<T>>(path)).body.data;

  it('are the same answer again while nothing changes', async () => {
    const first = await request('/api/article-topics');
    const second = await request('/api/article-topics');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('show an article published, edited, unpublished and deleted in every list on the next read', async () => {
    const lists = async () => ({
      latest: await read<ArchiveEntry[]>('/api/latest-articles?limit=1'),
      years: await read<number[]>('/api/archive-years'),
      page: (await read<Summary[]>('/api/article-summaries?pageSize=1'))[0]?.title_article,
      topics: await read<TopicCount[]>('/api/article-topics'),
    });
    const before = await lists();
    const title = `Kept answers probe ${Date.now()}`;
    const article = await author.publishArticle({
      title_article: title,
      date_of_the_article: '2031-06-01',
      topics: [{ category: 'Kept answers' }],
    });
    let after = await lists();
    expect(after.latest).toEqual([expect.objectContaining({ title_article: title })]);
    expect(after.years[0]).toBe(2031);
    expect(after.page).toBe(title);
    expect(after.topics).toContainEqual({ category: 'Kept answers', count: 1 });

    await author.editArticle(article.documentId, { title_article: `${title} (edited)` });
    expect((await lists()).page).toBe(`${title} (edited)`);

    await author.unpublishArticle(article.documentId);
    expect(await lists()).toEqual(before);
    await author.publish(article.documentId);
    expect((await lists()).page).toBe(`${title} (edited)`);
    await author.deleteArticle(article.documentId);
    after = await lists();
    expect(after).toEqual(before);
  });
});
