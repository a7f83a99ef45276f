import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { rowsOf } from './rows';
import { LRUCache } from 'lru-cache';
import { prepareAnswer, type PreparedAnswer } from './public-api/prepared-answer';
import type { ContentChange } from './change-reports';

/**
 * One row, one number: the version of what the read model answers from. Every change to articles,
 * comments or media raises it, in whichever CMS process made the change; every process compares it
 * (one primary-key read) before answering from what it kept. A migration makes the table and its row.
 */
const TABLE = 'read_model_versions';

/** Whether a change can change what the read model answers: articles, their photos, approved comments (not a vote). */
export const changesReadModel = ({ uid, event }: ContentChange) =>
  uid === 'api::article.article' ||
  uid === 'plugin::upload.file' ||
  (uid === 'api::comment.comment' && event !== 'comment.vote');

/** Raises the version: every kept answer, in every process, is read again. `db` may be a transaction. */
export async function readModelChanged(db: Knex): Promise<void> {
  await db(TABLE).where({ id: 1 }).increment('version', 1);
}

export const DOCUMENT_WRITES = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'clone']);

/**
 * Raises the version in the transaction of each write of an article or a comment: the rows and
 * the version change together, so no reader sees one without the other, and whoever wrote reads
 * what they wrote. (A visitor's new comment, unapproved, changes nothing the read model counts.)
 * Changes to media arrive as events only (`changesReadModel`).
 */
export function raiseVersionOnWrites(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const { uid, action, params } = context as {
      uid: string;
      action: string;
      params?: { data?: { approve_comment?: unknown } };
    };
    const visitorsComment =
      uid === 'api::comment.comment' && action === 'create' && params?.data?.approve_comment !== true;
    if (
      DOCUMENT_WRITES.has(action) &&
      (uid === 'api::article.article' || uid === 'api::comment.comment') &&
      !visitorsComment
    ) {
      // The write's own transaction when it has one (the admin panel's publish does).
      await strapi.db.transaction(({ trx }) => readModelChanged(trx as Knex.Transaction));
    }
    return result;
  });
}

/** The read model's version now: what is kept is true while it stays. */
export async function currentVersion(db: Knex): Promise<string> {
  const [row] = await rowsOf<{ version: number | string }>(db(TABLE).where({ id: 1 }).select('version'));
  // PostgreSQL answers a bigint as text, SQLite as a number.
  return String(row?.version ?? 0);
}

/** How many answers a process keeps: every page of every search would be far more than are ever asked again. */
const MAX_ANSWERS = 2_000;

/**
 * How much of their JSON, in characters, a process keeps: the answers asked again and again (what
 * every page shows, the searches readers repeat, the archive's years) many times over, but not
 * the long tail of list pages, each read once for a render of a page the render server then keeps.
 * Kept whole, at 20,000 articles that tail was 1,667 answers and held the CMS's heap up.
 */
export const MAX_KEPT_CHARACTERS = 8_000_000;

/**
 * The read model's answers, kept per request address while the version they were computed at is
 * the current one, as their JSON and ETag (the bytes sent), not the objects they were made from.
 * Requests for one address at one version wait for a single computation.
 */
export class ReadModelCache {
  private readonly answers: LRUCache<string, { version: string; answer: Promise<PreparedAnswer> | PreparedAnswer }>;

  constructor(
    private readonly db: Knex,
    maxCharacters = MAX_KEPT_CHARACTERS,
  ) {
    this.answers = new LRUCache({
      max: MAX_ANSWERS,
      maxSize: maxCharacters,
      // An answer still being computed counts for one until its JSON is known.
      sizeCalculation: ({ answer }) => ('json' in answer ? Math.max(1, answer.json.length) : 1),
    });
  }

  /** The answer kept under `key`, or the one `compute` makes from the version it is given. */
  async answer(key: string, compute: (version: string) => Promise<unknown>): Promise<PreparedAnswer> {
    // The version is read before the answer is computed: one computed meanwhile from older rows is kept under the older version.
    const version = await currentVersion(this.db);
    const kept = this.answers.get(key);
    if (kept?.version === version) return kept.answer;
    const answer = compute(version).then(prepareAnswer);
    const entry = { version, answer };
    this.answers.set(key, entry);
    answer.then(
      // Computed, the answer is kept, not its promise: a promise holds the asynchronous context it
      // was made in, the request's, with its request and response. Kept promises held 1,804 requests
      // alive in a heap snapshot at 20,000 articles. Kept anew, it counts for its size.
      (computed) => {
        if (this.answers.peek(key) === entry) this.answers.set(key, { version, answer: computed });
      },
      // A failure is not kept: the next request computes again.
      () => this.answers.peek(key) === entry && this.answers.delete(key),
    );
    return answer;
  }
}
