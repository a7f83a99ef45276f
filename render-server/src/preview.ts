import { createHash, timingSafeEqual } from 'node:crypto';
import { articleEntryQuery } from '@blog/shared';
import { sameSignature, signatureOf } from './signatures';

// Preview: the author's drafts, shown to the browser that opened the admin panel's Preview, and to
// no one else. The browser carries a signed cookie; the render server reads drafts for it with a
// read-only API token that never leaves the server (docs/operating/author.md, "Previewing before publishing").

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
  signatureOf(secret, `preview.${status}.${expiresAt}`);

/** The values of the cookies named `name` in a request's `Cookie` header. */
export function cookiesNamed(cookieHeader: string | undefined, name: string): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((cookie) => cookie.trim().split('='))
    .filter(([key]) => key === name)
    .map(([, value = '']) => value);
}

/** `Set-Cookie` for one of a preview's cookies: HttpOnly, for the whole site; SameSite=None (the admin panel's frame) when over https. */
export function previewCookieOf(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = secure ? 'Secure; SameSite=None' : 'SameSite=Lax';
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; ${attributes}`;
}

/** The cookie's value: `<status>.<expiry in ms>.<HMAC-SHA256>`. */
export const previewCookieValue = (secret: string, { status, expiresAt }: Preview) =>
  `${status}.${expiresAt}.${signature(secret, status, expiresAt)}`;

/** `Set-Cookie` for a preview of drafts. */
export const previewCookie = (secret: string, preview: Preview, secure: boolean) =>
  previewCookieOf(PREVIEW_COOKIE, previewCookieValue(secret, preview), PREVIEW_SECONDS, secure);

/** The preview a request's cookies carry, when one is signed with `secret` and not expired. */
export function previewOf(secret: string, cookieHeader: string | undefined, now: number): Preview | undefined {
  if (!secret) return undefined;
  for (const value of cookiesNamed(cookieHeader, PREVIEW_COOKIE)) {
    const match = /^(draft|published)\.(\d{1,16})\.([0-9a-f]{64})$/.exec(value);
    if (!match) continue;
    const status = match[1] as PreviewStatus;
    const expiresAt = Number(match[2]);
    if (expiresAt > now && sameSignature(signature(secret, status, expiresAt), match[3])) return { status, expiresAt };
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
  const base = new URL(cmsUrl).pathname.replace(/\/$/, '');
  const collection = address.pathname.slice(base.length).split('/')[2];
  if (preview.status !== 'draft' || !apiToken) return { url, headers: {} };
  // The read model answers what is published: an article's draft is read from Strapi's own list.
  const title = collection === 'article-detail' ? address.searchParams.get('title') : null;
  const entryQuery = title === null ? undefined : Object.entries(articleEntryQuery(title));
  const draft = entryQuery
    ? new URL(
        `${base}/api/articles?${new URLSearchParams(entryQuery.map(([name, value]) => [name, String(value)]))}`,
        address,
      )
    : WITH_DRAFTS.has(collection) && address;
  if (!draft) return { url, headers: {} };
  draft.searchParams.set('status', 'draft');
  return { url: draft.href, headers: { Authorization: `Bearer ${apiToken}` } };
}

/** What a page shows in place of what is public: drafts (or the published version), sections loaded from elsewhere. */
export interface PreviewShown {
  status?: PreviewStatus;
  /** Each section loaded from another build, by its container: the build's manifest. */
  sections?: Record<string, string>;
}

/** What a preview says at the top of its page, outside the part React hydrates: what is shown, and the way out. */
export function previewBanner(
  title: string,
  { status, sections = {} }: PreviewShown,
  escape: (text: string) => string,
) {
  const shown = [
    ...(status ? [`${status === 'draft' ? 'the draft of' : 'the published version of'} “${escape(title)}”`] : []),
    ...Object.entries(sections).map(([container, manifest]) => `${escape(container)} from ${escape(manifest)}`),
  ];
  return (
    `<aside class="preview-banner" aria-label="Preview" style="padding:.5rem 1rem;background:#fff3c4;color:#3d2e00;` +
    `font:0.95rem/1.4 system-ui,sans-serif;border-bottom:1px solid #e0c060;overflow-wrap:anywhere">` +
    `Preview of ${shown.join(', with ')}: only this browser sees it. ` +
    `<a href="${PREVIEW_EXIT_PATH}" style="color:inherit;font-weight:600">Exit preview</a></aside>`
  );
}
