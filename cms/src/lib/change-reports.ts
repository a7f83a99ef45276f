import type { Core } from '@strapi/strapi';
import { createHmac, randomUUID } from 'node:crypto';

/**
 * What changed, as the render servers are told (`POST <render server>/_revalidate`): Strapi's
 * event, the model, the document; for a comment, its article's title, which is how the site
 * finds the pages that show it.
 */
export interface ContentChange {
  event: string;
  uid: string;
  documentId?: string;
  article?: string;
}

export interface ChangeReportOptions {
  /** The render servers' base addresses (`RENDER_SERVER_URLS`); none tells nobody. */
  urls: string[];
  /** Shared with the render servers (`REVALIDATE_SECRET`), which refuse an unsigned report. */
  secret: string;
  timeoutMs: number;
  /** The waits before each new attempt at a report that failed. */
  retryDelaysMs: number[];
}

export const COMMENT = 'api::comment.comment';
const FILE = 'plugin::upload.file';

/** The types whose documents the site shows; contact messages are read in the admin panel only. */
const PUBLIC_TYPES = new Set([
  'api::article.article',
  COMMENT,
  'api::about-me.about-me',
  'api::new-start-here.new-start-here',
  'api::news-letter.news-letter',
  'api::contact-detail.contact-detail',
  'api::cover-contact-me.cover-contact-me',
]);

/** The most changes one report carries; more go in the next. */
const MAX_CHANGES = 200;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The change one of Strapi's events (`strapi.eventHub`) is for the site, or none: a document of
 * a public type created, edited, published, unpublished or deleted; a photo or file of the media
 * library; a vote (`comment.vote`, emitted by the comment service). A visitor's new comment is
 * none: it shows nowhere until the author approves it.
 */
export function changeOf(event: string, payload: unknown): ContentChange | undefined {
  const { uid, entry, media } = (payload ?? {}) as {
    uid?: unknown;
    entry?: Record<string, unknown>;
    media?: Record<string, unknown>;
  };
  if (event.startsWith('media.')) {
    const documentId = text(media?.documentId);
    return { event, uid: FILE, ...(documentId ? { documentId } : {}) };
  }
  if (!(event.startsWith('entry.') || event === 'comment.vote') || typeof uid !== 'string' || !PUBLIC_TYPES.has(uid)) {
    return undefined;
  }
  if (uid === COMMENT && event === 'entry.create' && entry?.approve_comment !== true) return undefined;
  const documentId = text(entry?.documentId);
  const article = uid === COMMENT ? text(entry?.article) : undefined;
  return { event, uid, ...(documentId ? { documentId } : {}), ...(article !== undefined ? { article } : {}) };
}

/** `t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: what the render server checks before it drops anything. */
export const signReport = (secret: string, body: string, at: number) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The changes one render server is still to be told of, each with when it was last made, and the report on its way to it. */
interface Queue {
  url: string;
  pending: Map<string, { change: ContentChange; at: number }>;
  sending?: Promise<void>;
}

/**
 * A report: the changes, and how long ago the newest was made (`ageMs`, by this process's clock,
 * when it is sent). A render server dates the changes by its own clock from it: a report sent
 * again, or late, drops no page rendered after the changes. Its nonce makes it taken once: a
 * captured report replayed is refused.
 */
const reportBody = (changes: ContentChange[], ageMs: number) => JSON.stringify({ changes, ageMs, nonce: randomUUID() });

/**
 * Tells every render server what changed, each on its own: a change is sent at once; those made
 * while a report is on its way (a burst of edits, the events of one publish) wait and go together
 * in the next, each once. A report a server did not take is sent again a few times, then logged.
 * Nothing here delays or fails the write.
 */
export class ChangeReports {
  private readonly queues: Queue[];
  private stopped = false;

  constructor(
    private readonly options: ChangeReportOptions,
    private readonly log: { error(message: string): void } = console,
  ) {
    this.queues = options.urls.map((url) => ({ url, pending: new Map() }));
  }

  report(change: ContentChange): void {
    if (this.stopped) return;
    for (const queue of this.queues) {
      queue.pending.set(JSON.stringify(change), { change, at: Date.now() });
      queue.sending ??= this.drain(queue);
    }
  }

  /** Resolves once every server was told of every change reported so far, or given up on. */
  async settled(): Promise<void> {
    await Promise.all(this.queues.map(({ sending }) => sending));
  }

  stop(): void {
    this.stopped = true;
  }

  private async drain(queue: Queue): Promise<void> {
    // Changes reported in the same turn as this one go with it.
    await Promise.resolve();
    while (queue.pending.size > 0 && !this.stopped) {
      const batch = [...queue.pending.values()].slice(0, MAX_CHANGES);
      for (const { change } of batch) queue.pending.delete(JSON.stringify(change));
      await this.send(
        queue.url,
        batch.map(({ change }) => change),
        Math.max(...batch.map(({ at }) => at)),
      );
    }
    queue.sending = undefined;
  }

  private async send(url: string, changes: ContentChange[], newest: number): Promise<void> {
    let failure = '';
    for (const delay of [0, ...this.options.retryDelaysMs]) {
      if (delay > 0) await wait(delay);
      if (this.stopped) return;
      const now = Date.now();
      const body = reportBody(changes, now - newest);
      try {
        const response = await fetch(new URL('/_revalidate', url), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Blog-Signature': signReport(this.options.secret, body, now),
          },
          body,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        if (response.ok) return;
        failure = `it answered ${response.status}`;
        // Refused outright (a wrong secret, a bad report): sending it again changes nothing.
        if (response.status < 500) break;
      } catch (error) {
        failure = error instanceof Error ? error.message : JSON.stringify(error);
      }
    }
    this.log.error(`The render server at ${url} was not told of ${changes.length} changes: ${failure}`);
  }
}

/** The render servers to tell of changes, as configured; none when none are. */
export function changeReportsFor(strapi: Core.Strapi): ChangeReports | undefined {
  const options = strapi.config.get<ChangeReportOptions>('change-reports');
  if (options.urls.length === 0) return undefined;
  if (!options.secret) {
    strapi.log.warn('RENDER_SERVER_URLS is set but REVALIDATE_SECRET is not: the render servers are told of no change');
    return undefined;
  }
  return new ChangeReports(options, { error: (message) => strapi.log.error(message) });
}
