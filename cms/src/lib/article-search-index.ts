import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import {
  closeWords,
  correction,
  correctionTypos,
  fts5Query,
  MARK_END,
  MARK_START,
  plainText,
  snippetHtml,
  TAG_CHARACTERS,
  TAG_STAND_INS,
  textWords,
  tsQuery,
  typosAllowed,
  type KnownWord,
  type SearchTerm,
} from './full-text';
import { DOCUMENT_WRITES, readModelChanged } from './read-model-cache';
import { publishedArticles, readModelSchema, topicRows, type ArticleTextSchema } from './read-model';
import { rowsOf } from './rows';

/**
 * The full-text index of the published articles: one row per published document (title, topics,
 * plain text). SQLite: an FTS5 table (`porter unicode61`, bm25, `snippet()`); PostgreSQL: a table
 * with a weighted `tsvector` (title A, topics B, text D) under a GIN index, ranked by `ts_rank` and
 * quoted by `ts_headline`. Drafts are never in it: a row is made from a document's published row only.
 */
const TABLE = 'article_search';
// The vocabulary: every word of the indexed rows, its length and in how many rows it is; what a
// typo or a prefix cut mid-stem is compared with.
const WORDS = 'article_search_words';
const ARTICLE = 'api::article.article';
// The most words a snippet quotes (the issue asks for "about 30").
const SNIPPET_WORDS = 30;

// Knex's name for PostgreSQL's dialect, whichever driver Strapi configured.
const onPostgres = (db: Knex) => (db.client as { dialect?: string }).dialect === 'postgresql';

export async function ensureArticleSearchIndex(db: Knex): Promise<void> {
  if (onPostgres(db)) {
    const vector = (column: string, weight: string) => `setweight(to_tsvector('english', ${column}), '${weight}')`;
    await db.raw(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (document_id varchar(255) PRIMARY KEY, title text NOT NULL,
        topics text NOT NULL, body text NOT NULL, document tsvector GENERATED ALWAYS AS
        (${vector('title', 'A')} || ${vector('topics', 'B')} || ${vector('body', 'D')}) STORED)`,
    );
    await db.raw(`CREATE INDEX IF NOT EXISTS ${TABLE}_document_idx ON ${TABLE} USING GIN (document)`);
  } else {
    await db.raw(
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${TABLE} USING fts5(document_id UNINDEXED, title, topics, body,
        tokenize = 'porter unicode61')`,
    );
  }
  await db.raw(
    `CREATE TABLE IF NOT EXISTS ${WORDS} (word varchar(255) PRIMARY KEY, length integer NOT NULL,
      documents integer NOT NULL)`,
  );
  await db.raw(`CREATE INDEX IF NOT EXISTS ${WORDS}_length_idx ON ${WORDS} (length)`);
}

type IndexRow = { title: string; topics: string; body: string };

/** How many of these rows hold each word, counted `sign` times (−1 for rows taken out). */
function wordCounts(rows: IndexRow[], sign = 1, counts = new Map<string, number>()) {
  for (const { title, topics, body } of rows)
    for (const word of textWords(`${title}\n${topics}\n${body}`)) counts.set(word, (counts.get(word) ?? 0) + sign);
  return counts;
}

/** Adds these counts to the vocabulary; a word in no row any more leaves it. */
async function countWords(db: Knex, counts: Map<string, number>) {
  const rows = [...counts]
    .filter(([word, documents]) => documents !== 0 && word.length <= 255)
    .map(([word, documents]) => ({ word, length: [...word].length, documents }));
  // In slices: SQLite takes a bounded number of parameters.
  for (let start = 0; start < rows.length; start += 500)
    await db(WORDS)
      .insert(rows.slice(start, start + 500))
      .onConflict('word')
      .merge({ documents: db.raw(`${WORDS}.documents + excluded.documents`) });
  await db(WORDS).where('documents', '<=', 0).delete();
}

/** The index rows of the published rows of these documents (all of them when `documentIds` is undefined). */
async function indexRows(db: Knex, schema: ArticleTextSchema, documentIds?: string[]) {
  const { articles, topicLinks, topics } = schema;
  const query = publishedArticles(db, schema).select(
    `a.${articles.id} as id`,
    `a.${articles.documentId} as documentId`,
    `a.${articles.title} as title`,
    `a.${articles.text} as text`,
  );
  if (documentIds) query.whereIn(`a.${articles.documentId}`, documentIds);
  const rows = await rowsOf<{ id: number; documentId: string; title: string | null; text: string | null }>(query);
  const topicsOf = new Map<number, string[]>();
  const ids = rows.map(({ id }) => id);
  // In slices: SQLite takes a bounded number of parameters.
  for (let start = 0; start < ids.length; start += 500) {
    const links = await rowsOf<{ article: number; category: string | null }>(
      topicRows(db, schema)
        .whereIn(`l.${topicLinks.article}`, ids.slice(start, start + 500))
        .select(`l.${topicLinks.article} as article`, `t.${topics.category} as category`),
    );
    for (const { article, category } of links)
      topicsOf.set(article, [...(topicsOf.get(article) ?? []), category ?? '']);
  }
  return rows.map(({ id, documentId, title, text }) => ({
    document_id: documentId,
    title: plainText(title),
    topics: (topicsOf.get(id) ?? []).join(', '),
    body: plainText(text),
  }));
}

async function writeRows(db: Knex, rows: Awaited<ReturnType<typeof indexRows>>) {
  if (rows.length > 0) await db.batchInsert(TABLE, rows, 100);
  await countWords(db, wordCounts(rows));
}

/**
 * Makes the index again from the published articles: at start, it heals any drift; `grow` after
 * its inserts. `db` may be a transaction.
 */
export async function rebuildArticleSearchIndex(db: Knex, schema: ArticleTextSchema): Promise<void> {
  // A database last started before the index existed gets it at the CMS's next start.
  if (!(await db.schema.hasTable(TABLE)) || !(await db.schema.hasTable(WORDS))) return;
  await db.transaction(async (trx) => {
    await trx(TABLE).delete();
    await trx(WORDS).delete();
    await writeRows(trx, await indexRows(trx, schema));
  });
}

/** Makes one document's row again from its published row (none when it has none). `db` may be a transaction. */
export async function reindexArticle(strapi: Core.Strapi, db: Knex, documentId: string): Promise<void> {
  const old = await rowsOf<IndexRow>(db(TABLE).where({ document_id: documentId }).select('title', 'topics', 'body'));
  await countWords(db, wordCounts(old, -1));
  await db(TABLE).where({ document_id: documentId }).delete();
  await writeRows(db, await indexRows(db, readModelSchema(strapi), [documentId]));
}

/**
 * Keeps the index current from every write of an article through the document service (the admin
 * panel's publish, edit, unpublish and delete), in the write's own transaction: whoever wrote, in
 * whichever process, searches what was written. A write of several documents makes them all again.
 */
export function reindexOnArticleWrites(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const { uid, action, params } = context as { uid: string; action: string; params?: { documentId?: unknown } };
    if (uid !== ARTICLE || !DOCUMENT_WRITES.has(action)) return result;
    const written = (result ?? {}) as { documentId?: unknown; entries?: { documentId?: unknown }[] };
    const documentIds = new Set(
      [params?.documentId, written.documentId, ...(written.entries ?? []).map(({ documentId }) => documentId)].filter(
        (id): id is string => typeof id === 'string',
      ),
    );
    if (documentIds.size === 0) return result;
    await strapi.db.transaction(async ({ trx }) => {
      for (const documentId of documentIds) await reindexArticle(strapi, trx as Knex.Transaction, documentId);
      // Searches kept before now are computed again, from the index as it is now.
      await readModelChanged(trx as Knex.Transaction);
    });
    return result;
  });
}

/** At most this many known words complete a last word cut mid-stem (the most used first). */
const MAX_COMPLETIONS = 12;

/** The known words among these, and the completions of the last one (which stand in when it is not a word itself). */
async function knownWords(db: Knex, words: string[]) {
  const last = words[words.length - 1];
  const known = new Set(
    (
      await rowsOf<{ word: string }>(
        db(WORDS)
          .whereIn('word', [...new Set(words)])
          .select('word'),
      )
    ).map(({ word }) => word),
  );
  // A word holds letters, digits and marks only: nothing LIKE reads as a wildcard.
  const completions =
    known.has(last) || [...last].length < 3
      ? []
      : (
          await rowsOf<{ word: string }>(
            db(WORDS)
              .where('word', 'like', `${last}%`)
              .orderBy([{ column: 'documents', order: 'desc' }, { column: 'word' }])
              .limit(MAX_COMPLETIONS)
              .select('word'),
          )
        ).map(({ word }) => word);
  return { known, completions };
}

/** The known words whose length is within `max` of one of these words' (all longer ones too for a prefix). */
function nearbyWords(db: Knex, wanted: { word: string; prefix: boolean; max: number }[]) {
  const query = db(WORDS).select('word', 'documents');
  for (const { word, prefix, max } of wanted) {
    const length = [...word].length;
    query.orWhere((where) => {
      where.where('length', '>=', length - max);
      if (!prefix) where.where('length', '<=', length + max);
    });
  }
  return rowsOf<KnownWord>(query);
}

/**
 * The terms the index is asked for: each typed word that no article holds gets stand-ins, the
 * completions of a last word cut mid-stem (`procurem`: procurement), else the known words within
 * its typos (`submarnes`: submarines). A word the articles hold is looked for as typed only.
 */
export async function searchTerms(db: Knex, words: string[]): Promise<SearchTerm[]> {
  if (words.length === 0) return [];
  const { known, completions } = await knownWords(db, words);
  const terms: SearchTerm[] = words.map((word, index) => {
    const prefix = index === words.length - 1;
    return { word, prefix, also: prefix ? completions : [] };
  });
  const misspelt = terms.filter(({ word, also }) => !known.has(word) && also.length === 0 && typosAllowed(word) > 0);
  if (misspelt.length === 0) return terms;
  const nearby = await nearbyWords(
    db,
    misspelt.map(({ word, prefix }) => ({ word, prefix, max: typosAllowed(word) })),
  );
  for (const term of misspelt) term.also = closeWords(term.word, term.prefix, nearby);
  return terms;
}

/**
 * "Did you mean": for a search that found nothing, the search with each word no article holds
 * made the closest known word, when that finds something (`found` says); else none.
 */
export async function suggestion(
  db: Knex,
  words: string[],
  found: (search: string) => Promise<boolean>,
): Promise<string | null> {
  if (words.length === 0) return null;
  const { known } = await knownWords(db, words);
  const unknown = words.filter((word) => !known.has(word));
  if (unknown.length === 0) return null;
  const nearby = await nearbyWords(
    db,
    unknown.map((word) => ({ word, prefix: false, max: correctionTypos(word) })),
  );
  const corrected = correction(words, (word) => known.has(word), nearby);
  return corrected !== null && (await found(corrected)) ? corrected : null;
}

/** A page of text matches: documents, best first, each with its snippet (safe HTML, matched terms in `<mark>`). */
export interface TextMatches {
  total: number;
  matches: { documentId: string; snippet: string }[];
}

/**
 * The documents whose title, topics or text match every term of the search (the last as a
 * prefix, each or a stand-in), among `candidates` (a query of document ids), ranked, from `offset`.
 */
export async function textMatches(
  db: Knex,
  terms: SearchTerm[],
  candidates: Knex.QueryBuilder,
  limit: number,
  offset: number,
): Promise<TextMatches> {
  if (terms.length === 0) return { total: 0, matches: [] };
  const rows = onPostgres(db)
    ? await postgresMatches(db, terms, candidates, limit, offset)
    : await sqliteMatches(db, terms, candidates, limit, offset);
  const total = rows.length > 0 ? Number(rows[0].total) : await countMatches(db, terms, candidates);
  return { total, matches: rows.map(({ documentId, snippet }) => ({ documentId, snippet: snippetHtml(snippet) })) };
}

type MatchRow = { documentId: string; snippet: string; total: number | string };

async function sqliteMatches(
  db: Knex,
  terms: SearchTerm[],
  candidates: Knex.QueryBuilder,
  limit: number,
  offset: number,
) {
  const query = fts5Query(terms);
  const matching = () => db(TABLE).whereRaw(`${TABLE} MATCH ?`, [query]);
  // bm25's weights per column: the document id (not indexed), title, topics, text. FTS5's functions
  // answer only in the query that matches, not under a window or a sort: ranked first, counted outside.
  const ranked = matching()
    .whereIn('document_id', candidates)
    .select('document_id', db.raw(`bm25(${TABLE}, 0, 10, 5, 1) as rank`));
  const page = await rowsOf<{ documentId: string; total: number }>(
    db
      .from(ranked.as('r'))
      .select('r.document_id as documentId', db.raw('COUNT(*) OVER () as total'))
      .orderBy([{ column: 'r.rank' }, { column: 'r.document_id' }])
      .limit(limit)
      .offset(offset),
  );
  // Only the page's few rows are quoted.
  const snippets = await rowsOf<{ documentId: string; snippet: string }>(
    matching()
      .whereIn(
        'document_id',
        page.map(({ documentId }) => documentId),
      )
      .select(
        'document_id as documentId',
        db.raw(`snippet(${TABLE}, 3, ?, ?, '…', ${SNIPPET_WORDS}) as snippet`, [MARK_START, MARK_END]),
      ),
  );
  const snippetOf = new Map(snippets.map(({ documentId, snippet }) => [documentId, snippet]));
  return page.map((row) => ({ ...row, snippet: snippetOf.get(row.documentId) ?? '' }));
}

function postgresMatches(db: Knex, terms: SearchTerm[], candidates: Knex.QueryBuilder, limit: number, offset: number) {
  const options = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, MinWords=15, MaxFragments=1, FragmentDelimiter=…`;
  // The page is ranked first; only its few rows are quoted.
  const page = db({ s: TABLE })
    .joinRaw(`CROSS JOIN to_tsquery('english', ?) AS q`, [tsQuery(terms)])
    .whereRaw('s.document @@ q')
    .whereIn('s.document_id', candidates)
    .select(
      's.document_id',
      's.body',
      'q',
      db.raw('ts_rank(s.document, q) as rank'),
      db.raw('COUNT(*) OVER () as total'),
    )
    .orderByRaw('rank DESC, s.document_id')
    .limit(limit)
    .offset(offset);
  return rowsOf<MatchRow>(
    db
      .from(page.as('p'))
      .select(
        'p.document_id as documentId',
        'p.total',
        // Tags as text, as SQLite quotes them: ts_headline would drop them, so it is given stand-ins.
        db.raw(`ts_headline('english', translate(p.body, ?, ?), p.q, ?) as snippet`, [
          TAG_CHARACTERS,
          TAG_STAND_INS,
          options,
        ]),
      )
      .orderByRaw('p.rank DESC, p.document_id'),
  );
}

/** The documents among `candidates` (a query of document ids) that match every term: a query of their ids. */
export function matchingDocuments(db: Knex, terms: SearchTerm[], candidates: Knex.QueryBuilder): Knex.QueryBuilder {
  const query =
    terms.length === 0
      ? db(TABLE).whereRaw('1 = 0')
      : onPostgres(db)
        ? db(TABLE).whereRaw(`document @@ to_tsquery('english', ?)`, [tsQuery(terms)])
        : db(TABLE).whereRaw(`${TABLE} MATCH ?`, [fts5Query(terms)]);
  return query.whereIn('document_id', candidates).select('document_id');
}

/** How many match (for a page past the last, whose rows cannot say). */
export async function countMatches(db: Knex, terms: SearchTerm[], candidates: Knex.QueryBuilder): Promise<number> {
  const [{ total }] = await rowsOf<{ total: number | string }>(
    db.from(matchingDocuments(db, terms, candidates).as('m')).count({ total: '*' }),
  );
  return Number(total);
}
