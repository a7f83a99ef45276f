import { cardExcerpt } from '@blog/markup';
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { rowsOf } from './rows';

const ARTICLE = 'api::article.article';
const COMMENT = 'api::comment.comment';
const FILE = 'plugin::upload.file';
// Column names Strapi uses in every component link and media link table but keeps out of its metadata.
const COMPONENT_TYPE_COLUMN = 'component_type';
const MEDIA_FIELD_COLUMN = 'field';

interface JoinTableMeta {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  on: Record<string, string>;
  orderColumnName: string;
}

interface MorphJoinTableMeta {
  name: string;
  joinColumn: { name: string };
  morphColumn: { typeColumn: { name: string }; idColumn: { name: string } };
  orderBy: Record<string, 'asc' | 'desc'>;
}

/** The tables and columns the read model queries, as Strapi names them in its metadata. */
export function readModelSchema(strapi: Core.Strapi) {
  const meta = (uid: string) => {
    const { tableName, attributes } = strapi.db.metadata.get(uid);
    const column = (name: string) => (attributes[name] as { columnName?: string }).columnName ?? name;
    const attribute = <T>(name: string) => attributes[name] as T;
    return { tableName, column, attribute };
  };
  const article = meta(ARTICLE);
  /** The link rows from an article to the components of its repeatable `field`, in order, and the components' metadata. */
  const components = (field: string) => {
    const { target, joinTable } = article.attribute<{ target: string; joinTable: JoinTableMeta }>(field);
    const [[fieldColumn, fieldName]] = Object.entries(joinTable.on);
    const links = {
      table: joinTable.name,
      article: joinTable.joinColumn.name,
      component: joinTable.inverseJoinColumn.name,
      order: joinTable.orderColumnName,
      where: { [fieldColumn]: fieldName, [COMPONENT_TYPE_COLUMN]: target },
    };
    return { links, component: meta(target) };
  };
  const topic = components('topics');
  const source = components('sources');
  const recommendationLink = article.attribute<{ joinTable: JoinTableMeta }>('articles').joinTable;
  const file = meta(FILE);
  const mediaLink = file.attribute<{ joinTable: MorphJoinTableMeta }>('related').joinTable;
  const mediaLinks = (field: string) => ({
    table: mediaLink.name,
    file: mediaLink.joinColumn.name,
    article: mediaLink.morphColumn.idColumn.name,
    order: Object.keys(mediaLink.orderBy)[0],
    where: { [mediaLink.morphColumn.typeColumn.name]: ARTICLE, [MEDIA_FIELD_COLUMN]: field },
  });
  const comment = meta(COMMENT);
  return {
    articles: {
      table: article.tableName,
      id: article.column('id'),
      documentId: article.column('documentId'),
      title: article.column('title_article'),
      writtenBy: article.column('written_by'),
      date: article.column('date_of_the_article'),
      text: article.column('text_article'),
      publishedAt: article.column('publishedAt'),
      updatedAt: article.column('updatedAt'),
    },
    topicLinks: topic.links,
    topics: {
      table: topic.component.tableName,
      id: topic.component.column('id'),
      category: topic.component.column('category'),
    },
    sourceLinks: source.links,
    sources: {
      table: source.component.tableName,
      id: source.component.column('id'),
      text: source.component.column('text'),
    },
    /** The link rows from an article to the articles it recommends, in order. */
    recommendationLinks: {
      table: recommendationLink.name,
      article: recommendationLink.joinColumn.name,
      recommended: recommendationLink.inverseJoinColumn.name,
      order: recommendationLink.orderColumnName,
    },
    /** The link rows from an article to its photos, in order. */
    photoLinks: mediaLinks('photo_article'),
    /** The link row from an article to its audio. */
    audioLinks: mediaLinks('audio'),
    files: {
      table: file.tableName,
      id: file.column('id'),
      url: file.column('url'),
      width: file.column('width'),
      height: file.column('height'),
      alternativeText: file.column('alternativeText'),
      mime: file.column('mime'),
      formats: file.column('formats'),
    },
    comments: {
      table: comment.tableName,
      id: comment.column('id'),
      documentId: comment.column('documentId'),
      name: comment.column('name'),
      comment: comment.column('comment'),
      like: comment.column('like'),
      dislike: comment.column('dislike'),
      article: comment.column('article'),
      approved: comment.column('approve_comment'),
      publishedAt: comment.column('publishedAt'),
    },
  };
}

export type ReadModelSchema = ReturnType<typeof readModelSchema>;

/** The published articles, as `a` (Strapi keeps a draft row beside each published one). */
export function publishedArticles(db: Knex, { articles }: Pick<ReadModelSchema, 'articles'>) {
  return db({ a: articles.table }).whereNotNull(`a.${articles.publishedAt}`);
}

/** Newest first; articles of the same day in the order they were published. */
export function newestFirst(query: Knex.QueryBuilder, { articles }: ReadModelSchema) {
  return query.orderBy([
    { column: `a.${articles.date}`, order: 'desc' },
    { column: `a.${articles.id}`, order: 'asc' },
  ]);
}

/** What every list says of an article: its `articleHeading` columns. */
export interface ArticleHeading {
  documentId: string;
  title_article: string;
  date_of_the_article: string;
}

/** What every list says of an article of `a`. */
export function articleHeading({ articles }: ReadModelSchema) {
  return [
    `a.${articles.documentId} as documentId`,
    `a.${articles.title} as title_article`,
    `a.${articles.date} as date_of_the_article`,
  ];
}

/** Articles' components of one field (`topicLinks` and `topics`, or the sources'): their link rows `l`, joined to the components `c`. */
export function componentRows(
  db: Knex,
  links: ReadModelSchema['topicLinks'],
  components: Pick<ReadModelSchema['topics'], 'table' | 'id'>,
) {
  return db({ l: links.table })
    .join({ c: components.table }, `c.${components.id}`, `l.${links.component}`)
    .where(aliased('l', links.where));
}

/** Articles' files of one media field (`photoLinks` or `audioLinks`): their link rows `m`, joined to the files `f`. */
export function mediaRows(db: Knex, { files }: ReadModelSchema, links: ReadModelSchema['photoLinks']) {
  return db({ m: links.table })
    .join({ f: files.table }, `f.${files.id}`, `m.${links.file}`)
    .where(aliased('m', links.where));
}

interface Size {
  url: string;
  width: number | null;
  height: number | null;
}

const CARD_FORMATS = ['thumbnail', 'small', 'medium'];

/** The first photo of each of these articles (by row id), with what a card shows: its size and the smaller formats. */
export async function firstPhotosOf(db: Knex, schema: ReadModelSchema, ids: number[]) {
  const { photoLinks, files } = schema;
  const rows = await rowsOf<Size & { article: number; alternativeText: string | null; formats: unknown }>(
    mediaRows(db, schema, photoLinks)
      .whereIn(`m.${photoLinks.article}`, ids)
      .orderBy([`m.${photoLinks.article}`, `m.${photoLinks.order}`, `f.${files.id}`])
      .select(
        `m.${photoLinks.article} as article`,
        `f.${files.url} as url`,
        `f.${files.width} as width`,
        `f.${files.height} as height`,
        `f.${files.alternativeText} as alternativeText`,
        `f.${files.formats} as formats`,
      ),
  );
  const byArticle = new Map<number, Size & { alternativeText: string | null; formats: Record<string, Size> }>();
  for (const { article, formats, ...photo } of rows) {
    if (byArticle.has(article)) continue;
    // JSON comes back as text from both databases.
    const all = ((typeof formats === 'string' ? JSON.parse(formats) : formats) ?? {}) as Record<string, Size>;
    const cardFormats = Object.fromEntries(
      CARD_FORMATS.filter((name) => all[name]).map((name) => [name, size(all[name])]),
    );
    byArticle.set(article, { ...size(photo), alternativeText: photo.alternativeText, formats: cardFormats });
  }
  return byArticle;
}

const size = ({ url, width, height }: Size): Size => ({ url, width, height });

function aliased(alias: string, where: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(where).map(([column, value]) => [`${alias}.${column}`, value]));
}

async function topicsOf(db: Knex, schema: ReadModelSchema, ids: number[]) {
  const { topicLinks, topics } = schema;
  const rows: { article: number; category: string }[] = await componentRows(db, topicLinks, topics)
    .whereIn(`l.${topicLinks.article}`, ids)
    .orderBy([`l.${topicLinks.article}`, `l.${topicLinks.order}`, `l.${topicLinks.component}`])
    .select(`l.${topicLinks.article} as article`, `c.${topics.category} as category`);
  const byArticle = new Map<number, { category: string }[]>();
  for (const { article, category } of rows) {
    if (!byArticle.has(article)) byArticle.set(article, []);
    byArticle.get(article)?.push({ category });
  }
  return byArticle;
}

/** An article's row as its card is made from it (`summaryColumns`). */
export type ArticleRow = ArticleHeading & { id: number; text: string | null };

/** The columns a card is made of, for `summariesOf`. */
export const summaryColumns = (schema: ReadModelSchema) => [
  `a.${schema.articles.id} as id`,
  ...articleHeading(schema),
  `a.${schema.articles.text} as text`,
];

/**
 * The cards of these articles (`summaryColumns`), in their order: each without its body, and
 * without its photo, which can change in the media library while its article does not
 * (`firstPhotosOf`, read with the page that shows it).
 */
export async function summariesOf(db: Knex, schema: ReadModelSchema, rows: ArticleRow[]) {
  const ids = rows.map(({ id }) => id);
  const topics = await topicsOf(db, schema, ids);
  return rows.map(({ id, text, ...heading }) => ({
    ...heading,
    topics: topics.get(id) ?? [],
    excerpt: cardExcerpt(text),
  }));
}
