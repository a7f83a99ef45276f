import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { rowsOf } from '../../../lib/rows';
import {
  componentRows,
  mediaRows,
  publishedArticles,
  readModelSchema,
  type ReadModelSchema,
} from '../../../lib/read-model';

interface Size {
  url: string;
  width: number | null;
  height: number | null;
}

/** A file as the article's page shows it: the fields of the site's `Media`. */
interface Media extends Size {
  id: number;
  alternativeText: string | null;
  mime: string | null;
  formats: Record<string, Size> | null;
}

/** What the article's page shows of it: the fields of the site's `Article`. */
export interface ArticleDetail {
  id: number;
  documentId: string;
  title_article: string;
  written_by: string | null;
  date_of_the_article: string;
  text_article: string | null;
  updatedAt: string;
  photo_article: Media[];
  audio: Media | null;
  topics: { id: number; category: string }[];
  sources: { id: number; text: string }[];
  articles: { id: number; documentId: string; title_article: string }[];
}

/** What the article's page shows of a comment: the fields of the site's `Comment`. */
export interface ArticleComment {
  id: number;
  documentId: string;
  name: string | null;
  comment: string | null;
  article: string;
  approve_comment: true;
  like: string | null;
  dislike: string | null;
  publishedAt: string;
}

/** A time as Strapi answers it: SQLite holds milliseconds, PostgreSQL a timestamp. */
const isoTime = (value: unknown) => new Date(value as string | number | Date).toISOString();

/** Formats' sizes, from JSON that comes back as text from both databases. */
function formatSizes(formats: unknown): Record<string, Size> | null {
  const all = (typeof formats === 'string' ? JSON.parse(formats) : formats) as Record<string, Size> | null;
  if (!all) return null;
  return Object.fromEntries(
    Object.entries(all).map(([name, { url, width, height }]) => [name, { url, width, height }]),
  );
}

/** The files an article links through `links` (its `photoLinks` or `audioLinks`), in order. */
async function mediaOf(db: Knex, schema: ReadModelSchema, links: ReadModelSchema['photoLinks'], article: number) {
  const { files } = schema;
  const rows = await rowsOf<Omit<Media, 'formats'> & { formats: unknown }>(
    mediaRows(db, schema, links)
      .where(`m.${links.article}`, article)
      .orderBy([`m.${links.order}`, `f.${files.id}`])
      .select(
        `f.${files.id} as id`,
        `f.${files.url} as url`,
        `f.${files.width} as width`,
        `f.${files.height} as height`,
        `f.${files.alternativeText} as alternativeText`,
        `f.${files.mime} as mime`,
        `f.${files.formats} as formats`,
      ),
  );
  return rows.map(({ formats, ...file }) => ({ ...file, formats: formatSizes(formats) }));
}

/**
 * An article's page reads: the article a title names, and its approved comments, each in a few
 * indexed queries. Strapi's own list routes answer the same in 12–20 ms of its request pipeline
 * each (validating and sanitizing the query and every entry), which made the CMS most of the cost
 * of rendering an article's page.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** The published article titled `title`, with its photos, audio, topics, sources and the published articles it recommends. */
  async detail(title: string): Promise<ArticleDetail | null> {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    const { articles, topicLinks, topics, sourceLinks, sources, recommendationLinks } = schema;
    const [row] = await rowsOf<Omit<ArticleDetail, 'photo_article' | 'audio' | 'topics' | 'sources' | 'articles'>>(
      publishedArticles(db, schema)
        .where(`a.${articles.title}`, title)
        .limit(1)
        .select(
          `a.${articles.id} as id`,
          `a.${articles.documentId} as documentId`,
          `a.${articles.title} as title_article`,
          `a.${articles.writtenBy} as written_by`,
          `a.${articles.date} as date_of_the_article`,
          `a.${articles.text} as text_article`,
          `a.${articles.updatedAt} as updatedAt`,
        ),
    );
    if (!row) return null;
    const [photos, [audio], topicList, sourceList, recommended] = await Promise.all([
      mediaOf(db, schema, schema.photoLinks, row.id),
      mediaOf(db, schema, schema.audioLinks, row.id),
      rowsOf<{ id: number; category: string }>(
        componentRows(db, topicLinks, topics)
          .where(`l.${topicLinks.article}`, row.id)
          .orderBy([`l.${topicLinks.order}`, `l.${topicLinks.component}`])
          .select(`c.${topics.id} as id`, `c.${topics.category} as category`),
      ),
      rowsOf<{ id: number; text: string }>(
        componentRows(db, sourceLinks, sources)
          .where(`l.${sourceLinks.article}`, row.id)
          .orderBy([`l.${sourceLinks.order}`, `l.${sourceLinks.component}`])
          .select(`c.${sources.id} as id`, `c.${sources.text} as text`),
      ),
      rowsOf<{ id: number; documentId: string; title_article: string }>(
        db({ r: recommendationLinks.table })
          .join({ a: articles.table }, `a.${articles.id}`, `r.${recommendationLinks.recommended}`)
          .where(`r.${recommendationLinks.article}`, row.id)
          .whereNotNull(`a.${articles.publishedAt}`)
          .orderBy([`r.${recommendationLinks.order}`, `r.${recommendationLinks.recommended}`])
          .select(
            `a.${articles.id} as id`,
            `a.${articles.documentId} as documentId`,
            `a.${articles.title} as title_article`,
          ),
      ),
    ]);
    return {
      ...row,
      updatedAt: isoTime(row.updatedAt),
      photo_article: photos,
      audio: audio ?? null,
      topics: topicList,
      sources: sourceList,
      articles: recommended,
    };
  },

  /** One page of the approved comments on the article titled `title`, oldest first, with the list's pagination. */
  async comments(title: string, page: number, pageSize: number) {
    const db = strapi.db.connection;
    const { comments } = readModelSchema(strapi);
    const approved = () =>
      db(comments.table)
        .where(comments.article, title)
        .where(comments.approved, true)
        .whereNotNull(comments.publishedAt);
    const [[{ total }], rows] = await Promise.all([
      rowsOf<{ total: number | string }>(approved().count({ total: '*' })),
      rowsOf<Omit<ArticleComment, 'approve_comment' | 'article'> & { publishedAt: unknown }>(
        approved()
          .orderBy(comments.id)
          .offset((page - 1) * pageSize)
          .limit(pageSize)
          .select(
            `${comments.id} as id`,
            `${comments.documentId} as documentId`,
            `${comments.name} as name`,
            `${comments.comment} as comment`,
            `${comments.like} as like`,
            `${comments.dislike} as dislike`,
            `${comments.publishedAt} as publishedAt`,
          ),
      ),
    ]);
    const count = Number(total);
    return {
      data: rows.map((row): ArticleComment => ({
        ...row,
        article: title,
        approve_comment: true,
        publishedAt: isoTime(row.publishedAt),
      })),
      meta: { pagination: { page, pageSize, pageCount: Math.ceil(count / pageSize), total: count } },
    };
  },
});
