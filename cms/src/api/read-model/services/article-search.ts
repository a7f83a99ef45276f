import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  countMatches,
  matchingDocuments,
  searchTerms,
  suggestion,
  textMatches,
} from '../../../lib/article-search-index';
import { searchWords } from '../../../lib/full-text';
import { readModelSchema, topicRows, type ReadModelSchema } from '../../../lib/read-model';
import { rowsOf } from '../../../lib/rows';
import {
  countOf,
  everyArticle,
  matchesSearch,
  newestMatches,
  pagination,
  spec5Matches,
  summariesOf,
  summaryColumns,
  type Narrowing,
  type SummariesQuery,
} from './article-summaries';
import { publishedArticles } from '../../../lib/read-model';

/** Where a page of `pageSize` from `offset` falls in two lists one after the other, the first `firstTotal` long. */
export function splitPage(offset: number, pageSize: number, firstTotal: number) {
  const first = { offset, limit: Math.max(0, Math.min(pageSize, firstTotal - offset)) };
  const second = { offset: Math.max(0, offset - firstTotal), limit: pageSize - first.limit };
  return { first, second };
}

/** A search, narrowed to a topic (its category, exactly; '' for any) and a year (null for any). */
export interface SearchQuery extends SummariesQuery {
  topic: string;
  year: number | null;
}

/** A value of a facet and how many results it narrows to. */
export interface FacetCount<Value> {
  value: Value;
  count: number;
}

/** Narrows articles `a` to a topic and a year, each when asked. */
function narrowing(db: Knex, schema: ReadModelSchema, { topic, year }: Pick<SearchQuery, 'topic' | 'year'>): Narrowing {
  const { articles, topicLinks, topics } = schema;
  return (query) => {
    // A range of dates, which the date index answers.
    if (year !== null) query.whereBetween(`a.${articles.date}`, [`${year}-01-01`, `${year}-12-31`]);
    if (topic !== '')
      query.whereExists(
        topicRows(db, schema)
          .where(`l.${topicLinks.article}`, db.ref(`a.${articles.id}`))
          .where(`t.${topics.category}`, topic)
          .select(db.raw('1')),
      );
  };
}

/**
 * Search over the whole text: first the spec's matches (the title or a topic contains the term,
 * newest first, exactly as the Articles list), then the other published articles whose title,
 * topics or text hold every word (the last as a prefix, a word no article holds within its typos),
 * ranked, each with its snippet; narrowed to a topic and a year when asked, with the count of
 * each topic and year the results have. When nothing is found, a correction that finds something.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page({ search, page, pageSize, topic, year }: SearchQuery) {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    const narrow = narrowing(db, schema, { topic, year });
    // The published articles the spec's rule leaves out: the text tier's candidates.
    const othersThan = (term: string, narrowTo: Narrowing = narrow) => {
      const others = publishedArticles(db, schema)
        .whereNot((where: Knex.QueryBuilder) => matchesSearch(db, schema, term)(where))
        .select(`a.${schema.articles.documentId}`);
      narrowTo(others);
      return others;
    };
    const firstTotal = await countOf(spec5Matches(db, schema, search, narrow));
    const { first, second } = splitPage((page - 1) * pageSize, pageSize, firstTotal);
    const firstRows = first.limit > 0 ? await newestMatches(db, schema, search, first.limit, first.offset, narrow) : [];
    const words = searchWords(search);
    const terms = await searchTerms(db, words);
    const text = await textMatches(db, terms, othersThan(search), Math.max(second.limit, 1), second.offset);
    const shown = text.matches.slice(0, second.limit);
    const secondRows = await rowsOf<Parameters<typeof summariesOf>[2][number]>(
      publishedArticles(db, schema)
        .whereIn(
          `a.${schema.articles.documentId}`,
          shown.map(({ documentId }) => documentId),
        )
        .select(...summaryColumns(schema)),
    );
    const byDocument = new Map(secondRows.map((row) => [row.documentId, row]));
    const ranked = shown.flatMap(({ documentId, snippet }) => {
      const row = byDocument.get(documentId);
      return row ? [{ row, snippet }] : [];
    });
    const data = [
      ...(await summariesOf(db, schema, firstRows)),
      ...(
        await summariesOf(
          db,
          schema,
          ranked.map(({ row }) => row),
        )
      ).map((summary, index) => ({ ...summary, snippet: ranked[index].snippet })),
    ];
    const total = firstTotal + text.total;
    // Every document the search finds, unnarrowed (read once): what the facets are counted over.
    const everyFound = db
      .from(spec5Matches(db, schema, search).select(`a.${schema.articles.documentId} as id`).as('s'))
      .select('s.id')
      .union(matchingDocuments(db, terms, othersThan(search, everyArticle)));
    const facets = facetCounts(await foundArticles(db, schema, everyFound), { topic, year });
    const finds = async (corrected: string) =>
      (await countOf(spec5Matches(db, schema, corrected, narrow))) > 0 ||
      (await countMatches(db, await searchTerms(db, searchWords(corrected)), othersThan(corrected))) > 0;
    const suggested = total === 0 ? await suggestion(db, words, finds) : null;
    return {
      data,
      meta: { ...pagination(page, pageSize, total), facets, ...(suggested ? { suggestion: suggested } : {}) },
    };
  },
});

/** A document a search found: its year and its topics' categories. */
export interface FoundArticle {
  year: number;
  topics: string[];
}

/**
 * Each topic and each year of what a search found, with how many results it narrows to: a
 * topic's counted with the year narrowed to kept, a year's with the topic kept. Topics most
 * first, then by name; years latest first.
 */
export function facetCounts(found: FoundArticle[], { topic, year }: Pick<SearchQuery, 'topic' | 'year'>) {
  const count = <Value>(values: Value[]) => {
    const counts = new Map<Value, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].map(([value, total]): FacetCount<Value> => ({ value, count: total }));
  };
  return {
    topics: count(
      found.filter((article) => year === null || article.year === year).flatMap(({ topics }) => topics),
    ).sort((x, y) => y.count - x.count || x.value.localeCompare(y.value)),
    years: count(
      found.filter((article) => topic === '' || article.topics.includes(topic)).map((article) => article.year),
    ).sort((x, y) => y.value - x.value),
  };
}

/** The year and the topics of each of these documents (a query of their ids). */
async function foundArticles(db: Knex, schema: ReadModelSchema, documents: Knex.QueryBuilder) {
  const { articles, topicLinks, topics } = schema;
  const rows = await rowsOf<{ id: number; year: string }>(
    publishedArticles(db, schema)
      .whereIn(`a.${articles.documentId}`, documents)
      .select(
        `a.${articles.id} as id`,
        db.raw('SUBSTR(CAST(?? AS VARCHAR(10)), 1, 4) as year', [`a.${articles.date}`]),
      ),
  );
  const topicsOf = new Map<number, string[]>(rows.map(({ id }): [number, string[]] => [id, []]));
  const ids = rows.map(({ id }) => id);
  // In slices: SQLite takes a bounded number of parameters.
  for (let start = 0; start < ids.length; start += 500) {
    const links = await rowsOf<{ article: number; category: string }>(
      topicRows(db, schema)
        .whereIn(`l.${topicLinks.article}`, ids.slice(start, start + 500))
        .select(`l.${topicLinks.article} as article`, `t.${topics.category} as category`),
    );
    for (const { article, category } of links) topicsOf.get(article)?.push(category);
  }
  return rows.map(({ id, year }): FoundArticle => ({ year: Number(year), topics: [...new Set(topicsOf.get(id))] }));
}
