import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { rowsOf } from '../../../lib/rows';
import {
  newestFirst,
  publishedArticles,
  readModelSchema,
  summariesOf,
  summaryColumns,
  topicRows,
  type ArticleRow,
  type ReadModelSchema,
} from '../../../lib/read-model';

export interface SummariesQuery {
  /** Trimmed; empty for every article. */
  search: string;
  page: number;
  pageSize: number;
}

/**
 * Spec §5's search: the term is contained, whatever its case, in the title or a topic category.
 * `%`, `_` and `\` in the term are literal. Both sides are lower-cased by the database's LOWER
 * (Unicode-aware: see config/database.ts for SQLite) and the term by JavaScript.
 */
export function matchesSearch(db: Knex, schema: ReadModelSchema, term: string) {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  const contains = (column: string) => db.raw(`LOWER(??) LIKE ? ESCAPE '\\'`, [column, pattern]);
  const { articles, topicLinks, topics } = schema;
  // Knex's builders are thenable: the grouping callback builds, it returns nothing to await.
  return (where: Knex.QueryBuilder): void => {
    where.where(contains(`a.${articles.title}`)).orWhereExists(
      topicRows(db, schema)
        .where(`l.${topicLinks.article}`, db.ref(`a.${articles.id}`))
        .where(contains(`t.${topics.category}`))
        .select(db.raw('1')),
    );
  };
}

/** A narrowing of a list of articles `a` (to a topic, a year), made on the query itself. */
export type Narrowing = (query: Knex.QueryBuilder) => void;

export const everyArticle: Narrowing = () => undefined;

/** The spec's matches of a search (every published article for a blank one), as `a`, narrowed. */
export function spec5Matches(db: Knex, schema: ReadModelSchema, search: string, narrow = everyArticle) {
  const matches =
    search === ''
      ? publishedArticles(db, schema)
      : publishedArticles(db, schema).where(matchesSearch(db, schema, search));
  narrow(matches);
  return matches;
}

/** How many rows a query has. */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const [{ total }] = await rowsOf<{ total: number | string }>(query.count({ total: '*' }));
  return Number(total);
}

/** The spec's matches, narrowed, newest first, from `offset`. */
export function newestMatches(
  db: Knex,
  schema: ReadModelSchema,
  search: string,
  limit: number,
  offset: number,
  narrow = everyArticle,
) {
  return rowsOf<ArticleRow>(
    newestFirst(spec5Matches(db, schema, search, narrow), schema)
      .select(...summaryColumns(schema))
      .limit(limit)
      .offset(offset),
  );
}

export const pagination = (page: number, pageSize: number, total: number) => ({
  pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** One page of the Articles list: newest first, each article's card without its body. */
  async page({ search, page, pageSize }: SummariesQuery) {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    const total = await countOf(spec5Matches(db, schema, search));
    const rows = await newestMatches(db, schema, search, pageSize, (page - 1) * pageSize);
    return { data: await summariesOf(db, schema, rows), meta: pagination(page, pageSize, total) };
  },
});
