import { createHash } from 'node:crypto';
import { BUNDLED_READ } from '@blog/shared';
import type { QueryClient } from '@blog/shared/query';
import { log } from './log';
import { queryOf } from './metrics';

/**
 * What a cached page was rendered from, named so that a change in the CMS finds every page that
 * showed it: the render server drops them, and a CDN purging by tag (`Surrogate-Key`, `Cache-Tag`)
 * can do the same. Tags are single tokens: a title is named by a digest of it.
 */
export const TAG = {
  /** Every page: dropped by a change nothing narrower names (a photo replaced in the media library). */
  site: 'site',
  /** Lists and aggregates of articles: Home, the list, the archive, the footer's newest, topics, most popular, sitemap, feed. */
  articles: 'articles',
  /** One article's own text, photos and sources. */
  article: (documentId: string) => `article-${documentId}`,
  /** One article's approved comments and their votes, by the article's title (a comment names its article by title). */
  comments: (title: string) => `comments-${createHash('sha256').update(title).digest('hex').slice(0, 16)}`,
  /** How many approved comments articles have: most popular. */
  commentCounts: 'comment-counts',
  about: 'about',
  startHere: 'start-here',
  newsletter: 'newsletter',
  contact: 'contact',
  contactCover: 'contact-cover',
  /** The pages a section's code rendered (its container): dropped when another release of it goes live. */
  section: (container: string) => `section-${container}`,
  /**
   * What a page shows only in a part many pages share (the footer's newest titles, the sidebar's
   * most popular and topics): its change leaves the page stale, answered while it is rendered
   * again, so that one published article does not make every article's reader wait on a render.
   */
  inSharedPart: (tag: string) => `shared-${tag}`,
} as const;

/** Whether a page with this tag is only made stale by its change (`TAG.inSharedPart`). */
export const outdatesOnly = (tag: string) => tag.startsWith(TAG.inSharedPart(''));

/**
 * Where every page is kept ahead and rendered again after each change (`prerender.ts`), a change
 * leaves every page it touched stale: answered while it is rendered again. All but a section's new
 * build, whose pages name files that build may no longer serve.
 */
export const outdatesWhenKeptAhead = (tag: string) => !tag.startsWith(TAG.section(''));

/** The tags pages show both as their own and in a shared part. */
const SHOWN_IN_SHARED_PARTS = new Set<string>([TAG.articles, TAG.commentCounts]);

/** The tags of one read a page shows, by the first part of its query key (`shared/src/queries.ts`). */
const READ_TAGS: Record<string, (key: readonly unknown[], data: unknown) => string[]> = {
  'home-articles': () => [TAG.articles],
  // A title that names no article shows the list: publishing one by that title changes the page.
  article: (_key, data) => (isDocument(data) ? [TAG.article(data.documentId)] : [TAG.articles]),
  'article-comments': ([, title]) => [TAG.comments(String(title))],
  'article-summaries': () => [TAG.articles],
  'most-popular': () => [TAG.inSharedPart(TAG.articles), TAG.inSharedPart(TAG.commentCounts)],
  'topic-counts': () => [TAG.inSharedPart(TAG.articles)],
  'archive-years': () => [TAG.articles],
  'archive-year': () => [TAG.articles],
  'recent-articles': () => [TAG.inSharedPart(TAG.articles)],
  newsletter: () => [TAG.newsletter],
  about: () => [TAG.about],
  'start-here': () => [TAG.startHere],
  'contact-details': () => [TAG.contact],
  'cover-contact': () => [TAG.contactCover],
  // A section's own data changes only with its build, and pages are kept per build (site.ts).
  [BUNDLED_READ]: () => [],
};

function isDocument(data: unknown): data is { documentId: string } {
  return typeof data === 'object' && data !== null && typeof (data as { documentId?: unknown }).documentId === 'string';
}

/** The tags of one read a page shows (`READ_TAGS`); none when the table does not know it. */
export function tagsOfRead(queryKey: readonly unknown[], data: unknown): string[] | undefined {
  return READ_TAGS[String(queryKey[0])]?.(queryKey, data);
}

/** Every tag of a page rendered from `reads`; `site` always. A read the table does not know is logged. */
export function tagsOfReads(reads: QueryClient): string[] {
  const tags = new Set<string>([TAG.site]);
  for (const { queryKey, state } of reads.getQueryCache().getAll()) {
    // Asked for by a view but read only in the browser (the map's place, the country list): not in the page.
    if (state.status !== 'success') continue;
    const readTags = tagsOfRead(queryKey, state.data);
    if (!readTags) {
      log.error(
        `The read ${JSON.stringify(queryKey)} has no cache tags: only a change of the whole site drops its pages`,
      );
      continue;
    }
    for (const tag of readTags) tags.add(tag);
  }
  return [...tags];
}

/**
 * The tags of the CMS's answers that many pages share, by the API path read (`queryOf`), as
 * `READ_TAGS` names the queries that make them: every page's footer reads the contact details and
 * the newest articles, and every page with the sidebar (Home, an article) its most popular and
 * topics. An article, its comments, a search, a year are one page's own, and not among them.
 */
const SHARED_READ_TAGS: Record<string, string[]> = {
  'contact-details': [TAG.contact],
  'latest-articles': [TAG.inSharedPart(TAG.articles)],
  'most-popular-articles': [TAG.inSharedPart(TAG.articles), TAG.inSharedPart(TAG.commentCounts)],
  'article-topics': [TAG.inSharedPart(TAG.articles)],
  'article-summaries': [TAG.articles],
};

/**
 * The tags of a read at `url` if many pages share it (`site` among them, as every page has it);
 * none for a page's own read. Of the list's pages only the first is shared: the list shows it, and
 * so does every address whose title names no article, however many a visitor makes up.
 */
export function tagsOfSharedRead(url: string): string[] | undefined {
  const tags = SHARED_READ_TAGS[queryOf(url)];
  const laterListPage = queryOf(url) === 'article-summaries' && new URL(url).searchParams.get('page') !== '1';
  return tags && !laterListPage ? [TAG.site, ...tags] : undefined;
}

/** A change the CMS reports (`POST /_revalidate`): what happened, to which document. */
export interface ContentChange {
  event: string;
  uid: string;
  documentId?: string;
  /** A comment's article, by title. */
  article?: string;
}

const SINGLE_PAGES: Record<string, string> = {
  'api::about-me.about-me': TAG.about,
  'api::new-start-here.new-start-here': TAG.startHere,
  'api::news-letter.news-letter': TAG.newsletter,
  'api::contact-detail.contact-detail': TAG.contact,
  'api::cover-contact-me.cover-contact-me': TAG.contactCover,
};

/** The tags of the pages that showed what changed, in their own parts or shared ones; `site` for a change nothing narrower names. */
export function tagsOfChange(change: ContentChange): string[] {
  return ownTagsOfChange(change).flatMap((tag) =>
    SHOWN_IN_SHARED_PARTS.has(tag) ? [tag, TAG.inSharedPart(tag)] : [tag],
  );
}

function ownTagsOfChange({ event, uid, documentId, article }: ContentChange): string[] {
  if (uid === 'api::article.article') return documentId ? [TAG.articles, TAG.article(documentId)] : [TAG.articles];
  if (uid === 'api::comment.comment' && article !== undefined) {
    // A vote changes the counts beside one comment; approving or removing one changes how many an article has.
    return event === 'comment.vote' ? [TAG.comments(article)] : [TAG.comments(article), TAG.commentCounts];
  }
  const single = SINGLE_PAGES[uid];
  return single ? [single] : [TAG.site];
}
