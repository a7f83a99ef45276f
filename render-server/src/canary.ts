import type { IncomingHttpHeaders } from 'node:http';
import { cookiesNamed } from './preview';
import type { Canary } from '@blog/release';
import type { SectionOverrides } from '@blog/release';

// A section's canary (docs/sections/canaries.md): `npm run release -- <section> --canary <percent>`
// puts the release in the registry beside the live one; each render server sends that share of
// new visitors to it, and a cookie keeps each visitor on the side they were given. A visitor is in
// one canary at most, so the canaries' pages are rendered by one render server of its own each,
// and a shared cache keeps each canary's pages under its side (`CANARY_SIDE_PATH`).

/** One cookie a section: `blog_canary_<container>=<canary's release>:in|out`. */
export const CANARY_COOKIE_PREFIX = 'blog_canary_';
/** Long enough for any canary; a cookie of another canary (another release) is a new visitor's. */
const CANARY_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/**
 * Where a cache in front (ops/varnish/site.vcl) asks which side a visitor is on before it looks a
 * page up: the answer depends on the visitor's canary cookies and, for a visitor new to a canary,
 * on the draw the cache made (`CANARY_DRAW_HEADER`), so the cache keeps it by those.
 */
export const CANARY_SIDE_PATH = '/_canary/side';
/** A cache's draw for a visitor new to a canary, a whole number from 0 to 99. */
export const CANARY_DRAW_HEADER = 'blog-canary-draw';
/** The live side's name, for a cache that keys pages by side. */
export const LIVE_SIDE = 'live';

/** Where a page request goes, and the cookies that keep a new visitor there. */
export interface CanaryVisit {
  /** The canary's build this visitor gets, by container; undefined when none (the live site). */
  overrides: SectionOverrides | undefined;
  /** `Set-Cookie` for each canary the visitor was new to. */
  cookies: string[];
  /** The canary the visitor is in (`<container>=<release>`), or `LIVE_SIDE`: what pages are kept by. */
  side: string;
  /** `<name>=<value>` of every running canary's cookie, as the visitor has them after this visit. */
  sides: string[];
}

/**
 * Which of the running `canaries` a visitor gets: the side their cookie names for that canary's
 * release, else a draw. A visitor is in one canary at most: one who is in a canary is out of every
 * canary new to them; for others one draw (`random()` in [0, 1)) falls in one canary's share (each
 * `percent` of new visitors, the shares side by side) or in none. The cookie is not signed: a
 * visitor who picks a side only chooses between two published releases.
 */
export function canaryVisit(
  canaries: Record<string, Canary>,
  cookieHeader: string | undefined,
  random: () => number,
  secure: boolean,
): CanaryVisit {
  const running = Object.entries(canaries)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([container, canary]) => {
      const name = `${CANARY_COOKIE_PREFIX}${container}`;
      const kept = cookiesNamed(cookieHeader, name)
        .map((value) => /^(.+):(in|out)$/.exec(value))
        .find((match) => match?.[1] === canary.release)?.[2];
      return { container, name, canary, kept };
    });
  const keptIn = running.find(({ kept }) => kept === 'in');
  const fresh = running.filter(({ kept }) => !kept);
  let drawnIn: (typeof running)[number] | undefined;
  if (!keptIn && fresh.length > 0) {
    const draw = random() * 100;
    let shareStart = 0;
    drawnIn = fresh.find(({ canary }) => {
      shareStart += canary.percent;
      return draw < shareStart;
    });
  }
  const inside = keptIn ?? drawnIn;
  const attributes = `Path=/; Max-Age=${CANARY_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  const sides = running.map((each) => `${each.name}=${each.canary.release}:${each === inside ? 'in' : 'out'}`);
  return {
    overrides: inside && { [inside.container]: inside.canary.manifest },
    cookies: running.flatMap((each, index) => (each.kept ? [] : [`${sides[index]}; ${attributes}`])),
    side: inside ? `${inside.container}=${inside.canary.release}` : LIVE_SIDE,
    sides,
  };
}

/**
 * A canary's page as its render server answered it, kept by no shared cache that does not know
 * the sides: a CDN would serve it to everyone. A cache that keys pages by side keeps it as the
 * canary's render server would have (`Canary-Cache-Control`).
 */
export const canaryAnswerHeaders = (headers: IncomingHttpHeaders): IncomingHttpHeaders => ({
  ...headers,
  'cache-control': 'private, no-store',
  'canary-cache-control': headers['cache-control'],
});
