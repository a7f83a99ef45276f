import type { Core } from '@strapi/strapi';
import { randomBytes } from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Knex } from 'knex';
import { NOTICE_KINDS, noticeMail, type NoticeKind, type NoticeMail, type NoticeOf } from './notice-mail';
import { rowsOf } from './rows';

export interface NotifierOptions {
  authorEmail: string;
  adminUrl: string;
  /** At most one email per kind per interval. */
  intervalMs: number;
  /** The first wait after a failed email; it doubles at each failure, up to an hour. */
  retryMs: number;
  /** Without an SMTP server: the folder each email is written to as an .eml file. */
  outbox?: string;
}

// Not content types: no route, public or admin, reads them (a migration makes them). The queue
// holds notices not yet sent.
const QUEUE = 'notification_queue';
const SENDERS = 'notification_senders';
/** The most notices one email lists; more go in the next. */
const MAX_PER_MAIL = 200;
/** How long a process may hold a kind while it sends (nodemailer's timeouts are set well under it). */
const LEASE_MS = 300_000;
const MAX_RETRY_MS = 3_600_000;

/** Strapi's email service (the plugin's types do not reach here). */
interface EmailService {
  send(mail: NoticeMail): Promise<unknown>;
}

let wakeNotifier: () => void = () => undefined;

/** A sender's row for each kind of notice the code sends: a kind added to it gets its row at the next start. */
export async function addNoticeSenders(db: Knex): Promise<void> {
  // Two processes starting at once may both try: the second insert is a no-op.
  await db(SENDERS)
    .insert(NOTICE_KINDS.map((kind) => ({ kind })))
    .onConflict('kind')
    .ignore();
}

/**
 * Queues a notice in the database, in the visitor's request: the email is sent later, whatever the
 * mail server does, and a notice survives a restart. A failure is logged, never the visitor's.
 * Once its email is sent the notice is deleted: the message itself stays only where the author
 * manages it, in the admin panel.
 */
export async function queueNotice<K extends NoticeKind>(strapi: Core.Strapi, kind: K, notice: NoticeOf[K]) {
  try {
    await strapi.db.connection(QUEUE).insert({ kind, payload: JSON.stringify(notice), created_at: Date.now() });
    wakeNotifier();
  } catch (error) {
    strapi.log.error(`Could not queue the ${kind} notice of ${notice.documentId}: ${(error as Error).message}`);
  }
}

/** The wait after `attempts` failures in a row. */
export function retryDelay(retryMs: number, attempts: number): number {
  return Math.min(retryMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Sends the queued notices: per kind, one email listing everything not yet sent, at most once per
 * interval. Each kind is claimed by one process at a time with a single conditional UPDATE
 * (portable between SQLite and PostgreSQL), so with several CMS processes each notice goes once.
 */
export function startNotifier(strapi: Core.Strapi, options: NotifierOptions): { stop(): void } {
  const db = strapi.db.connection;
  const owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const pollMs = Math.min(5000, Math.max(500, options.intervalMs / 3));
  let running = false;
  let stopped = false;

  if (options.outbox) {
    strapi.log.info(`Email: no SMTP_URL, so each email is written to ${options.outbox} as an .eml file`);
  }

  async function authorEmail(): Promise<string> {
    if (options.authorEmail) return options.authorEmail;
    const details = await strapi.documents('api::contact-detail.contact-detail').findFirst({ fields: ['email'] });
    return (details?.email as string | undefined) ?? '';
  }

  async function deliver(kind: NoticeKind, rows: { id: number; payload: string }[]) {
    const to = await authorEmail();
    if (!to) throw new Error('no author email: set BLOG_AUTHOR_EMAIL or the email of the contact details');
    const adminUrl = options.adminUrl || strapi.config.get<string>('admin.absoluteUrl');
    const mail = noticeMail(
      kind,
      rows.map((row) => JSON.parse(row.payload) as unknown),
      { to, adminUrl },
    );
    const email = strapi.plugin('email').service<EmailService>('email');
    const info = (await email.send(mail)) as { message?: Buffer };
    if (options.outbox && info.message) {
      fs.mkdirSync(options.outbox, { recursive: true });
      const file = path.join(options.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}.eml`);
      fs.writeFileSync(file, info.message);
      strapi.log.info(`Email (${rows.length} ${kind} notice(s)) written to ${file}`);
    }
  }

  async function sendKind(kind: NoticeKind, now: number) {
    // Read first: an idle queue costs no write.
    if (!(await db(QUEUE).first('id').where({ kind }))) return;
    const claimed = await db(SENDERS)
      .where({ kind })
      .andWhere('next_attempt_at', '<=', now)
      .andWhere('last_sent_at', '<=', now - options.intervalMs)
      .andWhereRaw('(lease_owner IS NULL OR lease_until < ?)', [now])
      .update({ lease_owner: owner, lease_until: now + LEASE_MS });
    if (claimed !== 1) return;
    const mine = db(SENDERS).where({ kind, lease_owner: owner });
    try {
      const rows = await rowsOf<{ id: number; payload: string }>(
        db(QUEUE).select('id', 'payload').where({ kind }).orderBy('id').limit(MAX_PER_MAIL),
      );
      if (rows.length === 0) {
        await mine.clone().update({ lease_owner: null, lease_until: 0 });
        return;
      }
      await deliver(kind, rows);
      const sentAt = Date.now();
      await db.transaction(async (trx) => {
        await trx(QUEUE)
          .whereIn(
            'id',
            rows.map((row) => row.id),
          )
          .delete();
        await trx(SENDERS)
          .where({ kind, lease_owner: owner })
          .update({ last_sent_at: sentAt, attempts: 0, next_attempt_at: 0, lease_owner: null, lease_until: 0 });
      });
    } catch (error) {
      const [{ attempts }] = await rowsOf<{ attempts: number }>(db(SENDERS).select('attempts').where({ kind }));
      const failures = Number(attempts) + 1;
      const wait = retryDelay(options.retryMs, failures);
      await mine
        .clone()
        .update({ attempts: failures, next_attempt_at: Date.now() + wait, lease_owner: null, lease_until: 0 });
      strapi.log.warn(
        `Email of ${kind} notices failed (${failures} in a row), kept to try again in ${wait / 1000} s: ${(error as Error).message}`,
      );
    }
  }

  async function tick() {
    if (running || stopped) return;
    running = true;
    try {
      for (const kind of NOTICE_KINDS) await sendKind(kind, Date.now());
    } catch (error) {
      strapi.log.error(`Email notices: ${(error as Error).message}`);
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void tick(), pollMs);
  wakeNotifier = () => setTimeout(() => void tick(), 50);
  void tick();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      wakeNotifier = () => undefined;
    },
  };
}
