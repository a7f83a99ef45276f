import type { SectionOverrides } from '@blog/release';
import { PREVIEW_SECONDS, cookiesNamed, previewCookieOf } from './preview';
import { sameSignature, signatureOf } from './signatures';

// A team's new build of its section, composed with the rest of the site for one browser: the
// browser carries a signed cookie naming the builds; its pages are rendered by a render server of
// their own that loads them (docs/sections/previewing-a-build.md).

/** Where a team opens it: `?secret=&<container>=<URL of an mf-manifest.json>&path=`. */
export const SECTIONS_PREVIEW_PATH = '/preview/sections';
export const SECTIONS_COOKIE = 'blog_sections';

/** The builds one browser loads instead of the deployed ones: each section's `mf-manifest.json`, by its container. */

const encode = (overrides: SectionOverrides) => Buffer.from(JSON.stringify(overrides)).toString('base64url');

const signature = (secret: string, payload: string, expiresAt: number) =>
  signatureOf(secret, `sections.${payload}.${expiresAt}`);

/** `Set-Cookie` naming the builds this browser loads, for as long as a preview lasts. */
export function sectionsCookie(secret: string, overrides: SectionOverrides, expiresAt: number, secure: boolean) {
  const payload = encode(overrides);
  const value = `${payload}.${expiresAt}.${signature(secret, payload, expiresAt)}`;
  return previewCookieOf(SECTIONS_COOKIE, value, PREVIEW_SECONDS, secure);
}

/** The builds a request's cookies name, when signed with `secret` and not expired. */
export function sectionsOf(
  secret: string,
  cookieHeader: string | undefined,
  now: number,
): SectionOverrides | undefined {
  if (!secret) return undefined;
  for (const value of cookiesNamed(cookieHeader, SECTIONS_COOKIE)) {
    const match = /^([A-Za-z0-9_-]{1,4000})\.(\d{1,16})\.([0-9a-f]{64})$/.exec(value);
    if (!match) continue;
    const [, payload, expiry, given] = match;
    const expiresAt = Number(expiry);
    if (expiresAt <= now || !sameSignature(signature(secret, payload, expiresAt), given)) continue;
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as SectionOverrides;
  }
  return undefined;
}

/**
 * The origins builds may be loaded from: those configured (`BLOG_PREVIEW_ORIGINS`) and those the
 * sections are deployed on. The render server runs the code it loads: no other origin is ever asked.
 */
export const allowedOrigins = (configured: readonly string[], deployed: SectionOverrides) =>
  new Set([...configured, ...Object.values(deployed)].map((address) => new URL(address).origin));

/**
 * The builds a team asks for in `query`: every other parameter than `secret` and `path` names a
 * deployed section's container, and its value the address of that build's `mf-manifest.json`.
 */
export function overridesAsked(
  query: URLSearchParams,
  deployed: SectionOverrides,
  origins: ReadonlySet<string>,
): { overrides: SectionOverrides } | { refused: string } {
  const overrides: SectionOverrides = {};
  for (const [container, address] of query) {
    if (container === 'secret' || container === 'path') continue;
    if (!Object.hasOwn(deployed, container))
      return { refused: `${container} is not a section of this site (${Object.keys(deployed).join(', ')})` };
    const url = URL.canParse(address) ? new URL(address) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
      return { refused: `${container}: ${address} is not an http(s) address of an mf-manifest.json` };
    if (!origins.has(url.origin))
      return { refused: `${container}: ${url.origin} is not an origin builds are loaded from (BLOG_PREVIEW_ORIGINS)` };
    overrides[container] = url.href;
  }
  if (Object.keys(overrides).length === 0)
    return { refused: 'name a section and its build, e.g. mf_pages=https://…/mf-manifest.json' };
  return { overrides };
}
