import { QueryClient, queryOptions } from './query';
import {
  fetchAbout,
  fetchArchiveYear,
  fetchArchiveYears,
  fetchArticle,
  fetchArticleComments,
  fetchArticleSummaries,
  fetchContactDetails,
  fetchCoverContact,
  fetchHomeArticles,
  fetchMostPopular,
  fetchNewsletter,
  fetchRecentArticles,
  fetchStartHere,
  fetchTopicCounts,
  type SummaryQuery,
} from './client';

/**
 * Every read a page shows, named once: the server loads a page's reads before rendering it and
 * embeds them, the browser starts from them, and two sections showing the same read (the footer
 * and Contact both show the contact details) share one answer. The client's fetchers never reject
 * (a failure logs and answers empty, spec §8), so neither do these.
 */
export const queries = {
  homeArticles: () => queryOptions({ queryKey: ['home-articles'], queryFn: fetchHomeArticles }),
  article: (title: string) => queryOptions({ queryKey: ['article', title], queryFn: () => fetchArticle(title) }),
  /** The first page of an article's approved comments; later pages are asked for by the visitor. */
  articleComments: (title: string) =>
    queryOptions({ queryKey: ['article-comments', title], queryFn: () => fetchArticleComments(title, 1) }),
  articleSummaries: ({ search, page, topic = '', year }: SummaryQuery) =>
    queryOptions({
      queryKey: ['article-summaries', search.trim(), page, topic, year ?? null],
      queryFn: () => fetchArticleSummaries({ search, page, topic, year }),
    }),
  mostPopular: () => queryOptions({ queryKey: ['most-popular'], queryFn: fetchMostPopular }),
  topicCounts: () => queryOptions({ queryKey: ['topic-counts'], queryFn: fetchTopicCounts }),
  archiveYears: () => queryOptions({ queryKey: ['archive-years'], queryFn: fetchArchiveYears }),
  archiveYear: (year: number) =>
    queryOptions({ queryKey: ['archive-year', year], queryFn: () => fetchArchiveYear(year) }),
  recentArticles: (limit: number) =>
    queryOptions({ queryKey: ['recent-articles', limit], queryFn: () => fetchRecentArticles(limit) }),
  newsletter: () => queryOptions({ queryKey: ['newsletter'], queryFn: fetchNewsletter }),
  about: () => queryOptions({ queryKey: ['about'], queryFn: fetchAbout }),
  startHere: () => queryOptions({ queryKey: ['start-here'], queryFn: fetchStartHere }),
  contactDetails: () => queryOptions({ queryKey: ['contact-details'], queryFn: fetchContactDetails }),
  coverContact: () => queryOptions({ queryKey: ['cover-contact'], queryFn: fetchCoverContact }),
};

/**
 * The first part of the key of a read a section makes of data in its own bundle rather than the CMS
 * (the contact form's dialling prefixes): the render server knows that no change in the CMS alters it.
 */
export const BUNDLED_READ = 'bundled';

/** The CMS's `max-age`: a read this young is shown again without asking. */
const FRESH_FOR_MS = 5_000;

/**
 * One per page in the browser, one per request on the server: reads are never shared between
 * visitors' pages. In a browser hydrating a page the server rendered, reads made before `hydratedAt`
 * came with the page, which may have been kept: the render server drops a kept page as soon as the
 * CMS reports a change to what it shows, so they count as read when the page arrived.
 */
export function createQueryClient({ hydratedAt }: { hydratedAt?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime:
          hydratedAt === undefined
            ? FRESH_FOR_MS
            : ({ state }) => Math.max(hydratedAt - state.dataUpdatedAt, 0) + FRESH_FOR_MS,
        // The fetchers already answer empty on a failure; the views show that (spec §8).
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}
