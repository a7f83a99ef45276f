import type { Core } from '@strapi/strapi';
import { rowsOf } from '../../../lib/rows';
import {
  articleHeading,
  newestFirst,
  publishedArticles,
  readModelSchema,
  type ArticleHeading,
} from '../../../lib/read-model';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The years that have published articles, latest first. */
  async years(): Promise<number[]> {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    // A date reads as 'YYYY-MM-DD' on both databases (SQLite stores that text; PostgreSQL writes ISO
    // dates, which Strapi itself relies on).
    const rows = await publishedArticles(db, schema)
      .distinct(db.raw('SUBSTR(CAST(?? AS VARCHAR(10)), 1, 4) AS ??', [`a.${schema.articles.date}`, 'year']))
      .whereNotNull(`a.${schema.articles.date}`)
      .orderBy('year', 'desc');
    return rows.map(({ year }) => Number(year));
  },

  /** One year's articles (`year` in 4 digits), newest first: a range of dates, which the date index answers. */
  async year(year: string): Promise<ArticleHeading[]> {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    const query = publishedArticles(db, schema)
      .whereBetween(`a.${schema.articles.date}`, [`${year}-01-01`, `${year}-12-31`])
      .select(articleHeading(schema));
    return rowsOf<ArticleHeading>(newestFirst(query, schema));
  },

  /** The most recent articles' titles. */
  async latest(limit: number): Promise<ArticleHeading[]> {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    return rowsOf<ArticleHeading>(
      newestFirst(publishedArticles(db, schema).select(articleHeading(schema)), schema).limit(limit),
    );
  },
});
