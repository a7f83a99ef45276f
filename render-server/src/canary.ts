import type { IncomingHttpHeaders } from 'node:http';
import { cookiesNamed } from './preview';
import type { Canary } from '@blog/release';
import type { SectionOverrides } from '@blog/release';

// A section's canary (docs/sections/canaries.md): `npm run release -- <section> --canary <percent>`
// puts the release in the registry beside the live one; each render server sends that share of
// new visitors to it, and a cookie keeps each visitor on the side they were given. A visitor of
// the canary is served by a render server of its own, as a preview of sections is, so its pages
// are never kept in, nor served from, the shared page cache.

/** One cookie a section: `blog_canary_<container>=<canary's release>:in|out`. */
export const CANARY_COOKIE_PREFIX = 'blog_canary_';
/** Long enough for any canary; a cookie of another canary (another release) is a new visitor's. */
const CANARY_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** Where a page request goes, and the cookies that keep a new visitor there. */
export interface CanaryVisit {
  /** The canaries' builds this visitor gets, by container; undefined when none (the live site). */
  overrides: SectionOverrides | undefined;
  /** `Set-Cookie` for each canary the visitor was new to. */
  cookies: string[];
}

/**
 * Which of the running `canaries` a visitor gets: the side their cookie names for that canary's
 * release, else a draw (`random()` in [0, 1)) that puts `percent` of new visitors in it. The
 * cookie is not signed: a visitor who picks a side only chooses between two published releases.
 */
export function canaryVisit(
  canaries: Record<string, Canary>,
  cookieHeader: string | undefined,
  random: () => number,
  secure: boolean,
): CanaryVisit {
  const overrides: SectionOverrides = {};
  const cookies: string[] = [];
  for (const [container, { release, manifest, percent }] of Object.entries(canaries)) {
    const name = `${CANARY_COOKIE_PREFIX}${container}`;
    const kept = cookiesNamed(cookieHeader, name)
      .map((value) => /^(.+):(in|out)$/.exec(value))
      .find((match) => match?.[1] === release)?.[2];
    const side = kept ?? (random() * 100 < percent ? 'in' : 'out');
    if (!kept) {
      const attributes = `Path=/; Max-Age=${CANARY_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
      cookies.push(`${name}=${release}:${side}; ${attributes}`);
    }
    if (side === 'in') overrides[container] = manifest;
  }
  return { overrides: Object.keys(overrides).length > 0 ? overrides : undefined, cookies };
}

/** A canary's page as its render server answered it, kept by no shared cache: a CDN would serve it to everyone. */
export const canaryAnswerHeaders = (headers: IncomingHttpHeaders): IncomingHttpHeaders => ({
  ...headers,
  'cache-control': 'private, no-store',
});
