import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RetryDetails } from '@fastify/reply-from';
import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';

/** A reply of any of Fastify's servers: the site's, or one `reply-from` hands back. */
type Reply = FastifyReply<RouteGenericInterface, RawServerBase>;
import path from 'node:path';

/** A name, an IPv4 address or a bracketed IPv6 one, with an optional port: anything else is not a Host. */
const HOST =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Whether a request's Host header (none is no Host to check) names a host. */
export const isHost = (host: string | undefined) => host === undefined || HOST.test(host);

/**
 * What no path of the site holds once decoded: a query or fragment of its own (`%3F`, `%23`), a
 * percent sign (an address encoded twice), a backslash, a control character. An address that
 * decodes to one means something else to every server behind this one, and to the page cache.
 */
const NOT_IN_A_PATH = /[?#%\\\p{Cc}]/u;

/** What a request asks for: its path decoded and normalized, and its query. */
export interface Target {
  pathname: string;
  search: string;
}

/** What a request asks for: its path decoded and normalized (what is checked is what is served) and its query. */
export function requestTarget(url: string): Target | undefined {
  // A proxy's absolute form: its host names no link either.
  if (/^https?:\/\//i.test(url)) {
    const absolute = URL.canParse(url) ? new URL(url) : undefined;
    return absolute && requestTarget(`${absolute.pathname}${absolute.search}`);
  }
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  if (!rawPath.startsWith('/')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (NOT_IN_A_PATH.test(decoded)) return undefined;
  return { pathname: path.posix.normalize(decoded), search: queryAt < 0 ? '' : url.slice(queryAt) };
}

/** The address a checked target is looked up by, here and by the files' server: the very path checked. */
export const targetUrl = ({ pathname, search }: Target) => `${encodeURI(pathname)}${search}`;

/**
 * The address of `pathname` (decoded) on another server, each segment encoded again, when it is
 * still under `under` there; undefined when it is not. What the other server decodes is what was checked.
 */
export function addressUnder(origin: string, under: string, pathname: string, search: string): string | undefined {
  const encoded = pathname.split('/').map(encodeURIComponent).join('/');
  const url = new URL(`${origin}${encoded}${search}`);
  return url.pathname.startsWith(new URL(`${origin}${under}`).pathname) ? url.href : undefined;
}

/** The body, when it is at most `limit` bytes and arrives within `deadlineMs`; otherwise the status that says why not. */
export async function readBody(
  req: IncomingMessage,
  limit: number,
  deadlineMs: number,
): Promise<{ text: string } | { refused: 408 | 413 }> {
  if (Number(req.headers['content-length']) > limit) return { refused: 413 };
  const chunks: Buffer[] = [];
  let size = 0;
  const deadline = setTimeout(() => req.destroy(new Error('too slow')), deadlineMs);
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) return { refused: 413 };
      chunks.push(chunk);
    }
    return { text: Buffer.concat(chunks).toString() };
  } catch {
    return { refused: 408 };
  } finally {
    clearTimeout(deadline);
  }
}

/** Aborted when the visitor leaves before their answer is sent: the work for them stops. */
export function visitorOf(res: ServerResponse): AbortSignal {
  const visitor = new AbortController();
  res.on('close', () => res.writableFinished || visitor.abort(new Error('The visitor left')));
  return visitor.signal;
}

/** What `work` gives; nothing when it failed because the visitor it was for left (nobody's failure). */
export const forVisitor = <T>(work: Promise<T>, visitor: AbortSignal): Promise<T | undefined> =>
  work.catch((error: unknown) => {
    if (visitor.aborted) return undefined;
    throw error;
  });

/** Who may frame the site's pages: the site itself only. */
export const FRAME_ANCESTORS = `frame-ancestors 'self'`;

/** A short answer in plain text. */
export function plain(reply: Reply, status: number, body: string, cacheControl = 'no-store') {
  return reply
    .code(status)
    .header('Content-Type', 'text/plain; charset=utf-8')
    .header('Cache-Control', cacheControl)
    .send(body);
}

export function tooMany(reply: Reply, retryAfterSeconds: number, what: string) {
  reply.header('Retry-After', String(retryAfterSeconds));
  return plain(reply, 429, `Too Many Requests: ${what}; try again in ${retryAfterSeconds} s`);
}

/** A 503 that says why, and when to ask again (`Retry-After`). */
export function unavailable(reply: Reply, retryAfterSeconds: number, what: string) {
  reply.header('Retry-After', String(retryAfterSeconds));
  return plain(reply, 503, `Service Unavailable: ${what}; try again in ${retryAfterSeconds} s`);
}

/**
 * `reply-from`'s retries for a server that answers for itself: none of its answers is asked for
 * again (its own 503 says when to ask), but a GET or HEAD whose kept-alive connection it closed as
 * this server reused it, reset before any answer, is sent once more on a new connection.
 */
export const RETRY_A_RESET_ONCE = {
  retriesCount: 1,
  // An error is a connection that failed before any answer; `getDefaultDelay` retries only a reset GET or HEAD.
  retryDelay: ({ req, res, err, attempt, getDefaultDelay }: RetryDetails) =>
    err ? getDefaultDelay(req, res, err, attempt) : null,
};
