import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { excerpt } from '../../../lib/excerpt';
import { rowsOf } from '../../../lib/rows';
import {
  articleHeading,
  firstPhotosOf,
  newestFirst,
  publishedArticles,
  readModelSchema,
  topicRows,
  type ArticleHeading,
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

async function topicsOf(db: Knex, schema: ReadModelSchema, ids: number[]) {
  const { topicLinks, topics } = schema;
  const rows: { article: number; category: string }[] = await topicRows(db, schema)
    .whereIn(`l.${topicLinks.article}`, ids)
    .orderBy([`l.${topicLinks.article}`, `l.${topicLinks.order}`, `l.${topicLinks.topic}`])
    .select(`l.${topicLinks.article} as article`, `t.${topics.category} as category`);
  const byArticle = new Map<number, { category: string }[]>();
  for (const { article, category } of rows) {
    if (!byArticle.has(article)) byArticle.set(article, []);
    byArticle.get(article)?.push({ category });
  }
  return byArticle;
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

type ArticleRow = ArticleHeading & { id: number; text: string | null };

/** The columns a card is made of, for `summariesOf`. */
export const summaryColumns = (schema: ReadModelSchema) => [
  `a.${schema.articles.id} as id`,
  ...articleHeading(schema),
  `a.${schema.articles.text} as text`,
];

/** The cards of these articles (`summaryColumns`), in their order: each without its body. */
export async function summariesOf(db: Knex, schema: ReadModelSchema, rows: ArticleRow[]) {
  const ids = rows.map(({ id }) => id);
  const topics = await topicsOf(db, schema, ids);
  const photos = await firstPhotosOf(db, schema, ids);
  return rows.map(({ id, text, ...heading }) => ({
    ...heading,
    topics: topics.get(id) ?? [],
    excerpt: excerpt(text),
    photo: photos.get(id) ?? null,
  }));
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
