import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Preview: the author's drafts, shown to the browser that opened the admin panel's Preview, and to
// no one else. The browser carries a signed cookie; the render server reads drafts for it with a
// read-only API token that never leaves the server (README, "The author's side").

/** Where the admin panel's Preview button enters (`?secret=&path=&status=`), and where a preview ends. */
export const PREVIEW_PATH = '/preview';
export const PREVIEW_EXIT_PATH = '/preview/exit';
/** The CMS's API as a preview's browser reads it: through the render server, which adds the token. */
export const PREVIEW_CMS_PATH = '/_preview/cms';

export const PREVIEW_COOKIE = 'blog_preview';
/** A preview lasts an hour; the admin panel opens a new one each time. */
export const PREVIEW_SECONDS = 60 * 60;

export type PreviewStatus = 'draft' | 'published';

export interface PreviewOptions {
  /** Shared with the CMS (`PREVIEW_SECRET`), whose Preview button sends it. */
  secret: string;
  /** A read-only Strapi API token (`PREVIEW_API_TOKEN`); without it a preview shows what is published. */
  apiToken: string | undefined;
}

/** What one browser previews: drafts, or the published version, until `expiresAt`. */
export interface Preview {
  status: PreviewStatus;
  expiresAt: number;
}

/** The REST collections whose documents have drafts (draft and publish on). */
const WITH_DRAFTS = new Set(['articles', 'about-mes', 'new-start-heres', 'news-letters']);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is `secret`, compared in constant time (of their hashes: lengths differ). */
export const isSecret = (secret: string, given: string | null | undefined) =>
  secret !== '' && typeof given === 'string' && timingSafeEqual(digest(secret), digest(given));

const signature = (secret: string, status: PreviewStatus, expiresAt: number) =>
  createHmac('sha256', secret).update(`preview.${status}.${expiresAt}`).digest('hex');

/** The cookie's value: `<status>.<expiry in ms>.<HMAC-SHA256>`. */
export const previewCookieValue = (secret: string, { status, expiresAt }: Preview) =>
  `${status}.${expiresAt}.${signature(secret, status, expiresAt)}`;

/** `Set-Cookie` for a preview: HttpOnly, for the whole site; SameSite=None (the admin panel's frame) when over https. */
export function previewCookie(secret: string, preview: Preview, secure: boolean): string {
  const attributes = secure ? 'Secure; SameSite=None' : 'SameSite=Lax';
  return `${PREVIEW_COOKIE}=${previewCookieValue(secret, preview)}; Path=/; Max-Age=${PREVIEW_SECONDS}; HttpOnly; ${attributes}`;
}

/** `Set-Cookie` that ends a preview. */
export const endedPreviewCookie = (secure: boolean) =>
  `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; ${secure ? 'Secure; SameSite=None' : 'SameSite=Lax'}`;

/** The preview a request's cookies carry, when one is signed with `secret` and not expired. */
export function previewOf(secret: string, cookieHeader: string | undefined, now: number): Preview | undefined {
  if (!secret || !cookieHeader) return undefined;
  for (const cookie of cookieHeader.split(';')) {
    const [name, value = ''] = cookie.trim().split('=');
    if (name !== PREVIEW_COOKIE) continue;
    const match = /^(draft|published)\.(\d{1,16})\.([0-9a-f]{64})$/.exec(value);
    if (!match) continue;
    const status = match[1] as PreviewStatus;
    const expiresAt = Number(match[2]);
    const expected = Buffer.from(signature(secret, status, expiresAt), 'hex');
    if (expiresAt > now && timingSafeEqual(expected, Buffer.from(match[3], 'hex'))) return { status, expiresAt };
  }
  return undefined;
}

/**
 * A read of the CMS's API as a preview makes it: a collection with drafts is asked for them with
 * the token; every other read is the public's. `url` is under `${cmsUrl}/api/`.
 */
export function previewRead(
  url: string,
  cmsUrl: string,
  preview: Preview,
  apiToken: string | undefined,
): { url: string; headers: Record<string, string> } {
  const address = new URL(url);
  const collection = address.pathname.slice(new URL(cmsUrl).pathname.replace(/\/$/, '').length).split('/')[2];
  if (preview.status !== 'draft' || !apiToken || !WITH_DRAFTS.has(collection)) return { url, headers: {} };
  address.searchParams.set('status', 'draft');
  return { url: address.href, headers: { Authorization: `Bearer ${apiToken}` } };
}

/** What a preview says at the top of its page, outside the part React hydrates: what is shown, and the way out. */
export function previewBanner(title: string, status: PreviewStatus, escape: (text: string) => string): string {
  const what = status === 'draft' ? 'the draft of' : 'the published version of';
  return (
    `<aside class="preview-banner" aria-label="Preview" style="padding:.5rem 1rem;background:#fff3c4;color:#3d2e00;` +
    `font:0.95rem/1.4 system-ui,sans-serif;border-bottom:1px solid #e0c060">` +
    `Preview of ${what} “${escape(title)}”: only this browser sees it. ` +
    `<a href="${PREVIEW_EXIT_PATH}" style="color:inherit;font-weight:600">Exit preview</a></aside>`
  );
}
