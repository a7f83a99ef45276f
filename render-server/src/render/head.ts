import { createHash } from 'node:crypto';
import { SERVER_STATE_ID, SITE_DESCRIPTION, SITE_NAME, documentTitle, type PageHead } from '@blog/shared';
import type { BlogPosting, ImageObject, SearchAction, WebSite, WithContext } from 'schema-dts';

/** The page whose head is written: what it says about itself, where it is, what it needs. */
export interface HeadInput {
  head: PageHead;
  /** The page's own address, absolute. */
  canonical: string;
  /** The site's address, absolute, without a trailing slash. */
  siteUrl: string;
  /** The home page describes the site itself (`WebSite`). */
  home: boolean;
  /** The not-found page is kept out of search engines. */
  notFound: boolean;
  /** The sections' stylesheets, so the page is styled before it paints. */
  stylesheets: Stylesheet[];
  /** Origins the page will fetch from early (the media host, for the page's largest image); its own needs none. */
  preconnect: string[];
}

// Not escape-html, which also writes `'` as `&#39;`: every attribute here is double-quoted, so an
// apostrophe needs no escape, and escaping it would change every page whose title or address holds one.
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stylesheet the page needs before it paints; its rules when they can be written into the page. */
export interface Stylesheet {
  href: string;
  css?: string;
  /** The hash a browser checks the linked file against (`integrity`): a file changed on its way is not applied. */
  integrity?: string;
  /**
   * The name webpack's runtime looks it up by before it loads the stylesheet of a chunk (the
   * chunk's file, or its full address; `href` when unset): found in the page, it is not added again.
   */
  chunkHref?: string;
}

/** A `url()` in a stylesheet, its address quoted or not. */
const URL_TOKEN = /url\(\s*(['"]?)([^'")]*?)\1\s*\)/gi;

/**
 * The address a stylesheet at `href` (a full address, or a path from the site's root) means by
 * `address`, in the same form as `href`.
 */
function fromStylesheet(address: string, href: string): string {
  const url = new URL(address, new URL(href, 'http://site.invalid/'));
  return URL.canParse(href) ? url.href : `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A stylesheet's rules as they mean the same written into the page, where they cost no request
 * before the first paint: a file named by a relative `url()` is named from the stylesheet's
 * address, as the browser would read it there (written in, it would be read against the page's).
 * A `data:` address and a fragment (`#…`, something of the document itself) stay as they are.
 */
export const inlinable = (css: string, href: string): string =>
  css.replace(URL_TOKEN, (token, quote: string, address: string) =>
    /^(#|data:)/i.test(address) ? token : `url(${quote}${fromStylesheet(address, href)}${quote})`,
  );

/** Subresource Integrity for a file's content. */
export const integrityOf = (content: string | Buffer) =>
  `sha384-${createHash('sha384').update(content).digest('base64')}`;

/** A `<style>` with the stylesheet's rules (no text of them can close it), or a `<link>` to it. */
export function stylesheetTag({ href, css, integrity, chunkHref = href }: Stylesheet): string {
  const name = `data-href="${escapeHtml(chunkHref)}"`;
  if (css !== undefined) return `<style ${name}>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  const checked = integrity ? ` integrity="${integrity}" crossorigin="anonymous"` : '';
  return `<link rel="stylesheet" href="${escapeHtml(href)}"${chunkHref === href ? '' : ` ${name}`}${checked}>`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string | number | undefined) =>
  content === undefined || content === ''
    ? []
    : [`<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`];

/** The site's logo, as structured data names the publisher by it (`shell/public/logo.png`). */
export const LOGO = { path: '/logo.png', width: 512, height: 512 };

/** Structured data for search engines: the article as a `BlogPosting`, the home page as the `WebSite`. */
export function structuredData({
  head,
  canonical,
  siteUrl,
  home,
}: HeadInput): WithContext<BlogPosting> | WithContext<WebSite> | undefined {
  const description = head.description ?? SITE_DESCRIPTION;
  const logo: ImageObject = {
    '@type': 'ImageObject',
    url: `${siteUrl}${LOGO.path}`,
    width: `${LOGO.width}`,
    height: `${LOGO.height}`,
  };
  if (head.article) {
    const { publishedTime, modifiedTime, author, tags } = head.article;
    return {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: head.title,
      description,
      url: canonical,
      mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      // An article without a photo is shown by the site's logo.
      image: head.image?.url ?? logo,
      ...(publishedTime ? { datePublished: publishedTime, dateModified: modifiedTime ?? publishedTime } : {}),
      ...(author ? { author: { '@type': 'Person', name: author } } : {}),
      ...(tags?.length ? { keywords: tags.join(', ') } : {}),
      publisher: { '@type': 'Organization', name: SITE_NAME, url: siteUrl, logo },
    };
  }
  if (home) {
    // Google's sitelinks search box names its parameter with `query-input`, which schema.org's types leave out.
    const search: SearchAction & { 'query-input': string } = {
      '@type': 'SearchAction',
      target: `${siteUrl}/Articles?search={search_term_string}`,
      'query-input': 'required name=search_term_string',
    };
    return {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: `${siteUrl}/`,
      description,
      potentialAction: search,
    };
  }
  return undefined;
}

/** The tags of the page's `<head>`: title, description, canonical link, link previews, structured data, stylesheets. */
export function headTags(input: HeadInput): string {
  const { head, canonical, siteUrl, notFound, stylesheets, preconnect } = input;
  const description = head.description ?? SITE_DESCRIPTION;
  const { image, article } = head;
  const data = structuredData(input);
  return [
    ...preconnect
      .filter((origin) => origin !== new URL(siteUrl).origin)
      .map((origin) => `<link rel="preconnect" href="${escapeHtml(origin)}">`),
    // No frame of a half-read page: what is right-aligned or wraps would move as the rest arrives.
    // The state follows the rendered page; a browser without `rel=expect` paints as it reads.
    `<link rel="expect" href="#${SERVER_STATE_ID}" blocking="render">`,
    `<title>${escapeHtml(documentTitle(head.title))}</title>`,
    ...meta('name', 'description', description),
    ...(notFound
      ? ['<meta name="robots" content="noindex">']
      : [`<link rel="canonical" href="${escapeHtml(canonical)}">`]),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(SITE_NAME)}" href="${escapeHtml(`${siteUrl}/rss.xml`)}">`,
    ...meta('property', 'og:site_name', SITE_NAME),
    ...meta('property', 'og:type', article ? 'article' : 'website'),
    ...meta('property', 'og:title', head.title),
    ...meta('property', 'og:description', description),
    ...meta('property', 'og:url', canonical),
    ...meta('property', 'og:image', image?.url),
    ...meta('property', 'og:image:width', image?.width),
    ...meta('property', 'og:image:height', image?.height),
    ...meta('property', 'og:image:alt', image?.alt),
    ...meta('property', 'article:published_time', article?.publishedTime),
    ...meta('property', 'article:modified_time', article?.modifiedTime),
    ...meta('property', 'article:author', article?.author),
    ...(article?.tags ?? []).flatMap((tag) => meta('property', 'article:tag', tag)),
    ...meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    ...meta('name', 'twitter:title', head.title),
    ...meta('name', 'twitter:description', description),
    ...meta('name', 'twitter:image', image?.url),
    ...meta('name', 'twitter:image:alt', image?.alt),
    // `<` is escaped so that no text of the CMS can close the script.
    ...(data ? [`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`] : []),
    ...stylesheets.map(stylesheetTag),
  ].join('\n    ');
}
