import type { Core } from '@strapi/strapi';
import {
  articleHeading,
  firstPhotosOf,
  newestFirst,
  publishedArticles,
  readModelSchema,
  componentRows,
  type ArticleHeading,
} from '../../../lib/read-model';
import { rowsOf } from '../../../lib/rows';

/** Spec §9: the sidebar's most popular articles. */
const MOST_POPULAR = 5;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /**
   * The articles with the most approved comments (a comment names its article by title), at most
   * five, only those with one at least; ties to the newer article. Each with its first photo.
   */
  async mostPopular() {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    const { articles, comments } = schema;
    const query = publishedArticles(db, schema)
      .join({ c: comments.table }, `c.${comments.article}`, `a.${articles.title}`)
      .where(`c.${comments.approved}`, true)
      .whereNotNull(`c.${comments.publishedAt}`)
      .groupBy(`a.${articles.id}`, `a.${articles.documentId}`, `a.${articles.title}`, `a.${articles.date}`)
      .select(`a.${articles.id} as id`, ...articleHeading(schema))
      .count({ comments: '*' })
      .orderByRaw('COUNT(*) DESC');
    const rows = await rowsOf<ArticleHeading & { id: number; comments: number | string }>(
      newestFirst(query, schema).limit(MOST_POPULAR),
    );
    const photos = await firstPhotosOf(
      db,
      schema,
      rows.map(({ id }) => id),
    );
    return rows.map(({ id, ...row }) => ({ ...row, comments: Number(row.comments), photo: photos.get(id) ?? null }));
  },

  /** Every topic category of the published articles with how many have it, most first, ties alphabetical. */
  async topics() {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    const { articles, topicLinks, topics } = schema;
    const rows: { category: string; count: number | string }[] = await componentRows(db, topicLinks, topics)
      .join({ a: articles.table }, `a.${articles.id}`, `l.${topicLinks.article}`)
      .whereNotNull(`a.${articles.publishedAt}`)
      .whereNotNull(`c.${topics.category}`)
      .groupBy(`c.${topics.category}`)
      .select(`c.${topics.category} as category`)
      .countDistinct({ count: `a.${articles.id}` });
    // Few rows; sorted here so that ties follow the site's alphabetical order, not a database collation.
    return rows
      .map(({ category, count }) => ({ category, count: Number(count) }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category, 'en'));
  },
});
