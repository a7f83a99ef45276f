// Test support for the newsletter page: the CMS behind the client's `fetch`, and mf-articles'
// detail, which Jest cannot load from another section.
import type { ArchiveEntry, ArticleDetailProps, Newsletter } from '@blog/shared';
import type { SectionLoader, SectionModule } from '@blog/shared/federation';
import { addressOf, forgetSharedReads } from '@blog/shared/testing';
import { useEffect } from 'react';

export function archiveEntry(title: string, date: string): ArchiveEntry {
  return { documentId: title, title_article: title, date_of_the_article: date };
}

export const NEWSLETTER = {
  id: 1,
  documentId: 'newsletter',
  title: 'The Ferrer Brief',
  sub_title: 'Defense and business analysis, delivered once a month',
  invitation_message_to_join: 'Join readers who get each new analysis first.',
} as Newsletter;

export const MOST_POPULAR = archiveEntry('Most Popular Piece', '2024-02-01');

/** The archive as the CMS answers it: the years newest first, each year newest first. */
export const ARCHIVE: Record<number, ArchiveEntry[]> = {
  2025: [
    archiveEntry('June Piece', '2025-06-09'),
    archiveEntry('Late March', '2025-03-28'),
    archiveEntry('Early March', '2025-03-02'),
    archiveEntry('January Piece', '2025-01-20'),
  ],
  2024: [archiveEntry('Older Year', '2024-11-04'), MOST_POPULAR],
};

export interface CmsContent {
  newsletter: Newsletter | null;
  archive: Record<number, ArchiveEntry[]>;
}

export interface FakeCms {
  /** The API paths asked for so far, in order, e.g. `archive-years/2025`. */
  paths(): string[];
  /** The years whose articles were asked for, in order. */
  yearsRead(): number[];
  /** Keeps the answer to `path` back until `release(path)`. */
  hold(path: string): void;
  release(path: string): void;
}

/**
 * Answers the client's reads from `content`, or fails them all (`'down'`), and forgets the answers
 * the client keeps for a few seconds, so each call is a CMS of its own.
 */
export function serveCms(content: CmsContent | 'down' = { newsletter: NEWSLETTER, archive: ARCHIVE }): FakeCms {
  forgetSharedReads();
  const asked: string[] = [];
  const held = new Map<string, () => void>();

  const answer = (path: string): unknown => {
    if (content === 'down') throw new TypeError('fetch failed');
    if (path === 'news-letters') return { data: content.newsletter ? [content.newsletter] : [] };
    if (path === 'archive-years')
      return {
        data: Object.keys(content.archive)
          .map(Number)
          .sort((a, b) => b - a),
      };
    const year = /^archive-years\/(\d+)$/.exec(path)?.[1];
    if (year !== undefined) return { data: content.archive[Number(year)] ?? [] };
    return undefined;
  };

  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(addressOf(input)).pathname.replace(/^\/api\//, '');
    asked.push(path);
    if (held.has(path)) await new Promise<void>((resolve) => held.set(path, resolve));
    const body = answer(path);
    return {
      ok: body !== undefined,
      status: body === undefined ? 404 : 200,
      json: () => Promise.resolve(body),
    } as Response;
  });

  return {
    paths: () => [...asked],
    yearsRead: () => asked.flatMap((path) => /^archive-years\/(\d+)$/.exec(path)?.[1] ?? []).map(Number),
    hold: (path) => held.set(path, () => undefined),
    release: (path) => {
      held.get(path)?.();
      held.delete(path);
    },
  };
}

/** A stand-in for mf-articles' detail that honours the same props: it knows the titles in `published`. */
function articleDetail(published: ReadonlySet<string>) {
  return function ArticleDetail({ title, onBack, onOpenArticle, onMissing }: ArticleDetailProps) {
    const found = published.has(title);
    useEffect(() => {
      if (!found) onMissing();
    }, [found, onMissing]);
    if (!found) return null;
    return (
      <section aria-label="mf_articles/ArticleDetail">
        <button type="button" onClick={onBack}>
          ← Back to Articles
        </button>
        <h1>{title}</h1>
        <button type="button" onClick={() => onOpenArticle(MOST_POPULAR)}>
          {MOST_POPULAR.title_article}
        </button>
      </section>
    );
  };
}

/** mf-articles, loaded already (as the render server and the hydrating browser have it), publishing `titles`. */
export function articlesSection(
  titles: Iterable<string> = Object.values(ARCHIVE)
    .flat()
    .map((entry) => entry.title_article),
) {
  const module = { default: articleDetail(new Set(titles)) } as unknown as SectionModule;
  return {
    load: () => Promise.resolve(module),
    peek: () => module,
    failedOnServer: () => false,
  } satisfies SectionLoader;
}

/** mf-articles down: it cannot be loaded. */
export const articlesDown: SectionLoader = {
  load: () => Promise.reject(new Error('mf_articles is unreachable')),
  peek: () => undefined,
  failedOnServer: () => false,
};
