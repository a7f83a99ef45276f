import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { SiteConfig } from '@blog/shared';
import fresh from 'fresh';
import { SAFETY_HEADERS, pickHeaders } from './foreign-files';

/** What is sent back of the CMS's answer to an upload. */
export interface MediaAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  /** Whether the CMS's body follows. */
  body: boolean;
}

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

export const mediaRequestHeaders = (headers: IncomingHttpHeaders) => pickHeaders(headers, REQUEST_HEADERS);

/** What a 304 keeps of the file's headers: how it may be kept, and its validators. */
const NOT_MODIFIED_HEADERS = ['cache-control', 'expires', 'etag', 'last-modified', 'vary'];

/**
 * An upload answered on the site's origin: as the CMS sent it, and never a document of the site's.
 * An author's SVG or HTML file opened there runs no script and reads nothing of the site. A file
 * the browser already holds is a 304 without its bytes: the CMS (Strapi's `/uploads`) names its
 * validators but sends the whole file again, every time, to every browser that revalidates.
 */
export function mediaAnswer(
  request: IncomingHttpHeaders,
  answer: { statusCode?: number; headers: IncomingHttpHeaders },
): MediaAnswer {
  const status = answer.statusCode ?? 502;
  if (status === 200 && fresh(request, answer.headers)) {
    return {
      status: 304,
      headers: { ...pickHeaders(answer.headers, NOT_MODIFIED_HEADERS), ...SAFETY_HEADERS },
      body: false,
    };
  }
  return { status, headers: { ...pickHeaders(answer.headers, ANSWER_HEADERS), ...SAFETY_HEADERS }, body: true };
}

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
