// A stand-in CMS for this section's tests: `fetch` answers the shared client's reads from handlers
// shaped like its fetchers, so a test says what the CMS holds and sees what was asked, as before
// the reads went through the query cache.
import type {
  Article,
  ArticleList,
  Comment,
  MostPopularEntry,
  NewestArticle,
  StrapiList,
  SummaryQuery,
  TopicCount,
} from '@blog/shared';
import { aList, forgetSharedReads } from '@blog/shared/testing';

/** What the CMS answers to each read, as the shared client's fetcher of it would; a handler that rejects is a CMS that cannot be reached. */
interface Handlers {
  homeArticles: () => NewestArticle[];
  /** Null: no published article has that title. */
  article: (title: string) => Article | null;
  /** Null: the page could not be read (the CMS answers an error). */
  articleComments: (title: string, page: number, options: { fresh: boolean }) => StrapiList<Comment> | null;
  /** Null: the page could not be read. */
  articleSummaries: (query: SummaryQuery) => ArticleList | null;
  mostPopular: () => MostPopularEntry[];
  topicCounts: () => TopicCount[];
}

type Handler<F extends (...args: never[]) => unknown> = jest.Mock<
  ReturnType<F> | Promise<ReturnType<F>>,
  Parameters<F>
>;

export type StandInCms = { [Read in keyof Handlers]: Handler<Handlers[Read]> } & {
  /** Every request, as `fetch` was called. */
  fetch: jest.Mock<Promise<Response>, [url: string, init?: RequestInit]>;
};

const json = (body: unknown, status = 200) =>
  ({ ok: status < 400, status, json: () => Promise.resolve(body) }) as Response;

/** A list the CMS could not give: the client logs it and shows nothing (spec §8). */
const listOrError = (list: StrapiList<unknown> | null) =>
  list ? json(list) : json({ data: null, error: { status: 500 } }, 500);

async function answer(cms: StandInCms, url: URL, init: RequestInit | undefined): Promise<Response> {
  const params = url.searchParams;
  switch (url.pathname) {
    case '/api/articles':
      return json({ data: await cms.homeArticles() });
    case '/api/article-detail': {
      const article = await cms.article(params.get('title') ?? '');
      return json({ data: article ? [article] : [] });
    }
    case '/api/article-comments': {
      const title = params.get('title') ?? '';
      const page = Number(params.get('page'));
      return listOrError(await cms.articleComments(title, page, { fresh: init?.cache === 'no-cache' }));
    }
    case '/api/article-summaries':
    case '/api/article-search':
      return listOrError(
        await cms.articleSummaries({
          search: params.get('search') ?? '',
          page: Number(params.get('page')),
          ...(params.has('topic') ? { topic: params.get('topic') ?? '' } : {}),
          ...(params.has('year') ? { year: Number(params.get('year')) } : {}),
        }),
      );
    case '/api/most-popular-articles':
      return json({ data: await cms.mostPopular() });
    case '/api/article-topics':
      return json({ data: await cms.topicCounts() });
    default:
      return json({ data: null, error: { status: 404 } }, 404);
  }
}

/**
 * Replaces `fetch` with a CMS that holds nothing until a test says so, and forgets the answers the
 * shared client keeps for a few seconds, so each test reads its own CMS.
 */
export function stubCms(): StandInCms {
  forgetSharedReads();
  const handler = <Read extends keyof Handlers>(empty: ReturnType<Handlers[Read]>): StandInCms[Read] =>
    jest.fn(() => empty) as unknown as StandInCms[Read];
  const cms: StandInCms = {
    homeArticles: handler<'homeArticles'>([]),
    article: handler<'article'>(null),
    articleComments: handler<'articleComments'>(aList([])),
    articleSummaries: handler<'articleSummaries'>(aList([])),
    mostPopular: handler<'mostPopular'>([]),
    topicCounts: handler<'topicCounts'>([]),
    fetch: jest.fn((url: string, init?: RequestInit) => answer(cms, new URL(url), init)),
  };
  globalThis.fetch = cms.fetch as typeof fetch;
  return cms;
}
