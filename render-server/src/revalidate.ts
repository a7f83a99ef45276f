import { sameSignature, signatureOf } from './signatures';
import { tagsOfChange, type ContentChange } from './tags';

/** Where a changed page is reported (`POST`, signed by the CMS). */
export const REVALIDATE_PATH = '/_revalidate';

/** The header the CMS signs its reports with: `t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-blog-signature';

/** A report older (or further ahead) than this is refused: a captured one cannot be replayed later. */
const MAX_SKEW_MS = 5 * 60_000;

/** How long a report's nonce is remembered: as long as its signature can be taken, either side of now. */
export const NONCE_WINDOW_MS = 2 * MAX_SKEW_MS;

const SIGNATURE = /^t=(\d{1,16}),v1=([0-9a-f]{64})$/;

/** Whether a request carries a signature at all, before anything of it is read. */
export const isSignatureHeader = (header: string | string[] | undefined): header is string =>
  typeof header === 'string' && SIGNATURE.test(header);

const hmac = (secret: string, at: number, body: string) => signatureOf(secret, `${at}.${body}`);

/** The signature the CMS sends with `body`. */
export const sign = (secret: string, body: string, at: number) => `t=${at},v1=${hmac(secret, at, body)}`;

/** Whether `header` signs `body` with `secret`, recently; compared in constant time. */
export function verifySignature(secret: string, header: string | undefined, body: string, now: number): boolean {
  const match = SIGNATURE.exec(header ?? '');
  if (!secret || !match) return false;
  const at = Number(match[1]);
  if (Math.abs(now - at) > MAX_SKEW_MS) return false;
  return sameSignature(hmac(secret, at, body), match[2]);
}

const isChange = (value: unknown): value is ContentChange => {
  if (typeof value !== 'object' || value === null) return false;
  const { event, uid, documentId, article } = value as Record<string, unknown>;
  const optionalText = (field: unknown) => field === undefined || typeof field === 'string';
  return typeof event === 'string' && typeof uid === 'string' && optionalText(documentId) && optionalText(article);
};

/** What a report drops, when its newest change was made by this server's clock, and the nonce that makes it once only. */
export interface Report {
  tags: string[];
  changedAt: number;
  nonce: string;
}

/**
 * The tags a report's changes drop (`{"changes":[…],"ageMs":…,"nonce":…}`), each once, and when
 * they changed: `ageMs` before `now` (a report sent again, or late, names changes older than its
 * arrival), never earlier than a signature may be old, `now` without it. Undefined when it is not
 * one: a report without a nonce could be taken again and again.
 */
export function readReport(body: string, now: number): Report | undefined {
  let report: unknown;
  try {
    report = JSON.parse(body);
  } catch {
    return undefined;
  }
  const { changes, ageMs, nonce } = (report ?? {}) as { changes?: unknown; ageMs?: unknown; nonce?: unknown };
  if (!Array.isArray(changes) || !changes.every(isChange)) return undefined;
  if (ageMs !== undefined && (typeof ageMs !== 'number' || !Number.isFinite(ageMs))) return undefined;
  if (typeof nonce !== 'string' || !/^[\w-]{16,128}$/.test(nonce)) return undefined;
  const age = Math.min(Math.max(ageMs ?? 0, 0), MAX_SKEW_MS);
  return { tags: [...new Set(changes.flatMap(tagsOfChange))], changedAt: now - age, nonce };
}
