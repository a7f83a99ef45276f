import { request, type StrapiAnswer } from './support/http';
import { everyEntry, search, type FullArticle } from './support/read-model';
import { RELEVANCE_SET, reciprocalRank, type RelevanceQuery } from './support/relevance';

interface Found {
  title_article: string;
  snippet?: string;
}

/** The first 50 results of a search (every search of the set finds fewer). */
async function results(term: string): Promise<Found[]> {
  const answer = await request<StrapiAnswer<Found[]>>(
    `/api/article-search?search=${encodeURIComponent(term)}&pageSize=50`,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.meta.pagination.total).toBeLessThanOrEqual(50);
  return answer.body.data;
}

const titles = (found: Found[]) => found.map(({ title_article }) => title_article);

/** What a search of the set must find: its articles, or a topic word's spec matches, newest first. */
async function findsOf({ finds, query }: RelevanceQuery): Promise<string[]> {
  if (finds.length > 0) return finds;
  const articles = await everyEntry<FullArticle>(process.env.CMS_URL ?? '', 'articles?populate=*');
  return search(articles, query).map(({ title_article }) => title_article);
}

describe('the relevance set', () => {
  it('holds at least 40 searches of every kind', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(RELEVANCE_SET.map(({ kind }) => kind));
    expect([...kinds].sort()).toEqual(['misspelt', 'only one text', 'prefix', 'several words', 'stem', 'topic']);
  });

  it.each(RELEVANCE_SET.map((entry) => [entry.kind, entry.query, entry]))(
    '%s: %s finds its articles',
    async (_kind, query, entry) => {
      const found = titles(await results(query));
      const finds = await findsOf(entry);
      expect(finds.length).toBeGreaterThan(0);
      for (const title of finds) expect(found).toContain(title);
    },
  );

  it.each(RELEVANCE_SET.filter(({ kind }) => kind === 'only one text').map(({ query, finds }) => [query, finds[0]]))(
    '%s, a word of one article’s text only, puts it first among the text matches',
    async (query, title) => {
      const textMatches = (await results(query)).filter(({ snippet }) => snippet !== undefined);
      expect(titles(textMatches)[0]).toBe(title);
    },
  );

  it.each(RELEVANCE_SET.filter(({ kind }) => kind === 'topic').map(({ query }) => [query]))(
    'a topic word, %s, keeps the spec’s order: its matches first, newest first',
    async (query) => {
      const finds = await findsOf({ query, kind: 'topic', finds: [] });
      expect(titles(await results(query)).slice(0, finds.length)).toEqual(finds);
    },
  );

  it('ranks well: a mean reciprocal rank of 0.85 at least', async () => {
    const ranks: number[] = [];
    for (const entry of RELEVANCE_SET)
      ranks.push(reciprocalRank(titles(await results(entry.query)), await findsOf(entry)));
    const score = ranks.reduce((sum, rank) => sum + rank, 0) / ranks.length;
    process.stdout.write(`Relevance set: ${ranks.length} searches, mean reciprocal rank ${score.toFixed(3)}\n`);
    expect(score).toBeGreaterThanOrEqual(0.85);
  });
});
