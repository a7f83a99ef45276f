import type { IncomingHttpHeaders } from 'node:http';

// What the site does with another server's files it answers on its own origin: the CMS's uploads
// (`media.ts`) and the tile server's tiles (`tiles.ts`).

/** The headers of `names`, those there are: what passes between the site and the other server, and nothing else. */
export const pickHeaders = (headers: IncomingHttpHeaders, names: string[]): IncomingHttpHeaders =>
  Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));

/** What makes a file of another server's, answered on the site's origin, no document of the site's. */
export const SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};
