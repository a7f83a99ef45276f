import { randomBytes } from 'crypto';
import type { Knex } from 'knex';
import { readModelChanged } from '../src/lib/read-model-cache';
import { rowsOf } from '../src/lib/rows';
import { configuredDatabase, loadCmsEnv } from './configured';

/**
 * Grows a throw-away database, in seconds, to N published articles and M approved comments, to try
 * the site at scale: `node dist/scripts/grow.js --articles 2000 --comments 20000` (or
 * `pnpm --filter @blog/cms grow --articles 2000 --comments 20000`), against the database the CMS is
 * configured with (the same variables, and cms/.env). Rows are inserted with SQL in batches, in one
 * transaction: Strapi's document service would take hours.
 *
 * New articles are clones of the original published ones (body, topics, sources and photos; no
 * recommendations), each with a unique title ("<title> (#123)"), a new documentId and a date spread
 * over the last ten years, stored as Strapi stores a published document: a published row and a
 * draft row. Comments are approved, spread over every article, more on the recent ones.
 */

// Strapi's names for the tables an article lives in (what `strapi.db.metadata` says; no Strapi runs here).
const ARTICLE_UID = 'api::article.article';
const ARTICLES = 'articles';
const COMPONENT_LINKS = 'articles_cmps';
const COMPONENT_TABLES: Record<string, string> = {
  'article.topic': 'components_article_topics',
  'article.source': 'components_article_sources',
};
const MEDIA_LINKS = 'files_related_mph';
const COMMENTS = 'comments';

const CLONE_TITLE = / \(#\d+\)$/;
const TEN_YEARS_MS = 3652 * 86_400_000;
const YEAR_MS = 365 * 86_400_000;
// Knex sends many SQLite rows as one compound SELECT, which SQLite caps at 500 terms.
const BATCH_ROWS = 500;

export interface GrowTarget {
  /** Published articles wanted in all. */
  articles: number;
  /** Approved comments wanted in all. */
  comments: number;
}

export interface GrowResult {
  articlesAdded: number;
  commentsAdded: number;
}

/** A row of Strapi's tables, copied as it is, whatever columns it has. */
type Row = Record<string, unknown>;

interface ArticleRow extends Row {
  id: number;
  document_id: string;
  title_article: string;
  published_at: unknown;
  /** The date as 'YYYY-MM-DD', when selected as `day`. */
  day?: string;
}

interface LinkRow extends Row {
  id: number;
  entity_id: number;
  cmp_id: number;
  component_type: string;
}

interface MediaRow extends Row {
  id: number;
  related_id: number;
}

/** A row to insert as a copy of another: the database gives it its id, or the caller does. */
function withoutId(row: Row): Row {
  const copy = { ...row };
  delete copy.id;
  return copy;
}

interface Dated {
  title: string;
  date: string;
}

export async function growDatabase(knex: Knex, target: GrowTarget): Promise<GrowResult> {
  return knex.transaction(async (trx) => {
    // Dates as 'YYYY-MM-DD' text from both databases (the pg driver alone would make them Dates).
    const day = trx.raw('CAST(?? AS VARCHAR(10)) AS ??', ['date_of_the_article', 'day']);
    const published = (await trx.schema.hasTable(ARTICLES))
      ? await rowsOf<ArticleRow>(trx(ARTICLES).whereNotNull('published_at').orderBy('id').select('*', day))
      : [];
    if (published.length === 0) {
      throw new Error(
        'This database has no published article: start the CMS on it once, so that it seeds it, then grow it.',
      );
    }
    const articlesAdded = Math.max(0, target.articles - published.length);
    const added = await cloneArticles(trx, published, articlesAdded);

    const [{ approved }] = await rowsOf<{ approved: number | string }>(
      trx(COMMENTS).where('approve_comment', true).count({ approved: '*' }),
    );
    const commentsAdded = Math.max(0, target.comments - Number(approved));
    const articles = [...published.map((row) => ({ title: row.title_article, date: row.day ?? '' })), ...added];
    await addComments(trx, articles, commentsAdded);
    // A CMS running on this database answers its read model (and searches) anew.
    await readModelChanged(trx);
    return { articlesAdded, commentsAdded };
  });
}

async function cloneArticles(trx: Knex.Transaction, published: ArticleRow[], count: number): Promise<Dated[]> {
  if (count === 0) return [];
  const originals = published.filter((row) => !CLONE_TITLE.test(row.title_article));
  const sources = originals.length > 0 ? originals : published;
  // Every row of each source document: the published one and the draft Strapi keeps beside it.
  const rows = await rowsOf<ArticleRow>(
    trx(ARTICLES)
      .whereIn(
        'document_id',
        sources.map((row) => row.document_id),
      )
      .orderBy('id'),
  );
  const rowIds = rows.map((row) => row.id);
  const links = await rowsOf<LinkRow>(trx(COMPONENT_LINKS).whereIn('entity_id', rowIds).orderBy('id'));
  const components = new Map<string, Row>();
  for (const [type, table] of Object.entries(COMPONENT_TABLES)) {
    const ids = links.filter((link) => link.component_type === type).map((link) => link.cmp_id);
    for (const component of await rowsOf<Row & { id: number }>(trx(table).whereIn('id', ids))) {
      components.set(`${type}:${component.id}`, component);
    }
  }
  const media = await rowsOf<MediaRow>(
    trx(MEDIA_LINKS).where('related_type', ARTICLE_UID).whereIn('related_id', rowIds).orderBy('id'),
  );

  // Ids are given here, so that components are linked without reading each insert back.
  let nextArticleId = await firstFreeId(trx, ARTICLES);
  const nextComponentId: Record<string, number> = {};
  for (const table of Object.values(COMPONENT_TABLES)) nextComponentId[table] = await firstFreeId(trx, table);
  const newArticles: Row[] = [];
  const newComponents: Record<string, Row[]> = Object.fromEntries(
    Object.values(COMPONENT_TABLES).map((table) => [table, [] as Row[]]),
  );
  const newLinks: Row[] = [];
  const newMedia: Row[] = [];
  const added: Dated[] = [];
  const now = Date.now();
  for (let index = 0; index < count; index += 1) {
    const source = sources[index % sources.length];
    const title = `${source.title_article} (#${published.length + index + 1})`;
    const at = new Date(now - Math.floor(((index + 0.5) / count) * TEN_YEARS_MS));
    const date = at.toISOString().slice(0, 10);
    const documentId = newDocumentId();
    for (const row of rows.filter(({ document_id }) => document_id === source.document_id)) {
      const id = nextArticleId++;
      newArticles.push({
        ...row,
        id,
        document_id: documentId,
        title_article: title,
        date_of_the_article: date,
        created_at: at,
        updated_at: at,
        published_at: row.published_at === null ? null : at,
      });
      for (const link of links.filter(({ entity_id }) => entity_id === row.id)) {
        const table = COMPONENT_TABLES[link.component_type];
        if (!table)
          throw new Error(`Articles hold ${link.component_type} components, which this script does not know.`);
        const cmpId = nextComponentId[table]++;
        newComponents[table].push({ ...components.get(`${link.component_type}:${link.cmp_id}`), id: cmpId });
        newLinks.push({ ...withoutId(link), entity_id: id, cmp_id: cmpId });
      }
      for (const photo of media.filter(({ related_id }) => related_id === row.id)) {
        newMedia.push({ ...withoutId(photo), related_id: id });
      }
    }
    added.push({ title, date });
  }
  await insertInBatches(trx, ARTICLES, newArticles);
  for (const [table, componentRows] of Object.entries(newComponents)) await insertInBatches(trx, table, componentRows);
  await insertInBatches(trx, COMPONENT_LINKS, newLinks);
  await insertInBatches(trx, MEDIA_LINKS, newMedia);
  for (const table of [ARTICLES, ...Object.values(COMPONENT_TABLES)]) await followExplicitIds(trx, table);
  return added;
}

async function addComments(trx: Knex.Transaction, articles: Dated[], count: number) {
  if (count === 0) return;
  // The seeded comments lend their names and words.
  const samples = await rowsOf<{ name: string; comment: string }>(
    trx(COMMENTS).whereNotNull('comment').select('name', 'comment').limit(50),
  );
  // Newest first: a skewed draw gives the recent articles most comments, some of them hundreds.
  const byRecency = [...articles].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, index) => {
    const { title } = byRecency[Math.floor(byRecency.length * Math.random() ** 2)];
    const { name, comment } = samples[index % samples.length] ?? {
      name: 'Reader',
      comment: 'Thank you for the analysis.',
    };
    const at = new Date(now - Math.floor(Math.random() * YEAR_MS));
    return {
      document_id: newDocumentId(),
      name,
      comment,
      article: title,
      approve_comment: true,
      like: String(Math.floor(Math.random() * 40)),
      dislike: String(Math.floor(Math.random() * 8)),
      created_at: at,
      updated_at: at,
      published_at: at,
    };
  });
  await insertInBatches(trx, COMMENTS, rows);
}

async function insertInBatches(trx: Knex.Transaction, table: string, rows: Row[]) {
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await trx(table).insert(rows.slice(start, start + BATCH_ROWS));
  }
}

async function firstFreeId(trx: Knex.Transaction, table: string): Promise<number> {
  const [{ max }] = await rowsOf<{ max: number | string | null }>(trx(table).max({ max: 'id' }));
  return Number(max ?? 0) + 1;
}

/** PostgreSQL's id sequence is moved past the ids given here (SQLite's AUTOINCREMENT follows by itself). */
async function followExplicitIds(trx: Knex.Transaction, table: string) {
  if ((trx.client as { config: { client: string } }).config.client !== 'pg') return;
  await trx.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT MAX(id) FROM ??))`, [table, table]);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 24 lowercase letters and digits, the first a letter, like Strapi's own documentIds. */
function newDocumentId(): string {
  return [...randomBytes(24)].map((byte, index) => ALPHABET[byte % (index === 0 ? 26 : 36)]).join('');
}

function countOption(args: string[], name: string): number {
  const at = args.indexOf(`--${name}`);
  const value = at < 0 ? NaN : Number(args[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(
      `Usage: node dist/scripts/grow.js --articles <count> --comments <count> (--${name} is missing or not a count)`,
    );
  }
  return value;
}

async function main() {
  loadCmsEnv();
  const args = process.argv.slice(2);
  const target = { articles: countOption(args, 'articles'), comments: countOption(args, 'comments') };
  const knex = configuredDatabase();
  const started = Date.now();
  try {
    const { articlesAdded, commentsAdded } = await growDatabase(knex, target);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Added ${articlesAdded} articles and ${commentsAdded} approved comments in ${seconds} s.`);
  } finally {
    await knex.destroy();
  }
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
