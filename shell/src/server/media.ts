import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { SiteConfig } from '@blog/shared';

/** Where the CMS keeps its uploads (Strapi's local provider); the site answers them at the same path. */
export const MEDIA_PATH = '/uploads/';

/** What a browser's request for an upload carries on to the CMS: what it asks for, and what it has. */
const REQUEST_HEADERS = ['accept', 'accept-encoding', 'range', 'if-range', 'if-none-match', 'if-modified-since'];

/** What the CMS's answer carries back: the file and how it may be kept; no cookie, nothing of the CMS's own. */
const ANSWER_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-range',
  'accept-ranges',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
];

const pick = (headers: IncomingHttpHeaders, names: string[]): OutgoingHttpHeaders =>
  Object.fromEntries(names.flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));

export const mediaRequestHeaders = (headers: IncomingHttpHeaders) => pick(headers, REQUEST_HEADERS);

/**
 * An upload answered on the site's origin: as the CMS sent it, and never a document of the site's.
 * An author's SVG or HTML file opened there runs no script and reads nothing of the site.
 */
export const mediaAnswerHeaders = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => ({
  ...pick(headers, ANSWER_HEADERS),
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
});

/**
 * The configuration a render server's pages are written with, and whether the server answers the
 * CMS's uploads itself. Unless `config.js` names a media host, the pages name their images at the
 * site's own address: a page's lead image comes over the page's own connection, with no other
 * origin to reach first (a DNS lookup and a handshake, about half a second on a phone's network).
 */
export function mediaOnSite(
  config: Partial<SiteConfig>,
  siteUrl: string,
): { config: Partial<SiteConfig>; mediaFromCms: boolean } {
  if (config.mediaUrl?.trim()) return { config, mediaFromCms: false };
  return { config: { ...config, mediaUrl: siteUrl }, mediaFromCms: true };
}
