import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { integerParam, onlyParams, textParam } from '../../../lib/query-params';
import { ReadModelCache } from '../../../lib/read-model-cache';
import { timedQuery } from '../../../lib/metrics';
import { prepareAnswer, sendPrepared } from '../../../lib/public-api/prepared-answer';
import type archive from '../services/archive';
import type articleSearch from '../services/article-search';
import type articleRankings from '../services/article-rankings';
import type articlePage from '../services/article-page';

const SEARCH_MAX_LENGTH = 200;

const SUMMARY_PARAMS = ['search', 'page', 'pageSize'];

/** As long as a title may be (the article type's `maxLength`). */
const TITLE_MAX_LENGTH = 200;

/** The article a page shows: `title`, required. */
function titleQuery(query: Context['query'], params: string[]) {
  onlyParams(query, params);
  const title = textParam(query, 'title', TITLE_MAX_LENGTH);
  if (title === '') throw new errors.ValidationError('title is required: the title of an article.');
  return title;
}

/** A page of a list of articles, searched: `search`, `page`, `pageSize`. */
function summariesQuery(query: Context['query'], params = SUMMARY_PARAMS) {
  onlyParams(query, params);
  return {
    search: textParam(query, 'search', SEARCH_MAX_LENGTH),
    page: integerParam(query, 'page', { min: 1, max: 1_000_000, fallback: 1 }),
    pageSize: integerParam(query, 'pageSize', { min: 1, max: 50, fallback: 12 }),
  };
}

/**
 * A page of a search, as `summariesQuery`, narrowed by `topic` (a category) and `year`, each
 * optional; what a visitor types is never refused: past its first 200 characters it is not
 * looked for (a search looks for 16 words at most anyway), and control characters (which
 * PostgreSQL refuses in a text) are not part of it.
 */
function searchQuery(query: Context['query']) {
  const params = [...SUMMARY_PARAMS, 'topic', 'year'];
  const narrowed = {
    topic: textParam(query, 'topic', SEARCH_MAX_LENGTH),
    year: integerParam(query, 'year', { min: 1000, max: 9999, fallback: 0 }) || null,
  };
  const { search } = query;
  if (typeof search !== 'string') return { ...summariesQuery(query, params), ...narrowed };
  // eslint-disable-next-line no-control-regex -- control characters are what is left out
  const typed = search.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  // Not half of a character written as two UTF-16 units.
  const cut = typed.slice(0, SEARCH_MAX_LENGTH).replace(/[\ud800-\udbff]$/, '');
  return { ...summariesQuery({ ...query, search: cut }, params), ...narrowed };
}

/** The read model's services, as their factories make them (Strapi's registry types them loosely). */
interface ReadModelServices {
  'article-search': ReturnType<typeof articleSearch>;
  'article-rankings': ReturnType<typeof articleRankings>;
  'article-page': ReturnType<typeof articlePage>;
  archive: ReturnType<typeof archive>;
}

/**
 * The site's read model: what its sections show, each answered by the database in one go, and
 * kept until articles, comments or media change (aggregates over 20,000 comments are read once
 * per change, not once per request). Parameters are checked before anything is looked up.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = <Name extends keyof ReadModelServices>(name: Name) =>
    strapi.service(`api::read-model.${name}`) as unknown as ReadModelServices[Name];
  const kept = new ReadModelCache(strapi.db.connection);
  // Timed under `query` only when computed: a kept answer costs the database nothing.
  const answer = async (ctx: Context, query: string, key: string, compute: (version: string) => Promise<unknown>) =>
    sendPrepared(ctx, await kept.answer(key, (version) => timedQuery(query, () => compute(version))));
  // An article's page reads are read every time, in a few indexed queries: kept, the long tail
  // would push the costly aggregates out, and votes change comments without raising the version.
  const computed = async (ctx: Context, query: string, compute: () => Promise<unknown>) =>
    sendPrepared(ctx, prepareAnswer(await timedQuery(query, compute)));
  const list = (ctx: Context, query: string, key: string, read: () => Promise<unknown>) =>
    answer(ctx, query, key, async () => ({ data: await read(), meta: {} }));
  return {
    async articleSummaries(ctx: Context) {
      const query = summariesQuery(ctx.query);
      await answer(ctx, 'article-summaries', `summaries ${JSON.stringify(query)}`, (version) =>
        service('article-search').summaries(query, version),
      );
    },

    async articleSearch(ctx: Context) {
      const query = searchQuery(ctx.query);
      await answer(ctx, 'article-search', `search ${JSON.stringify(query)}`, (version) =>
        service('article-search').page(query, version),
      );
    },

    async articleDetail(ctx: Context) {
      const title = titleQuery(ctx.query, ['title']);
      // A list of at most one, as Strapi's article list filtered by title answers it.
      await computed(ctx, 'article-detail', async () => {
        const article = await service('article-page').detail(title);
        return { data: article ? [article] : [], meta: {} };
      });
    },

    async articleComments(ctx: Context) {
      const title = titleQuery(ctx.query, ['title', 'page', 'pageSize']);
      const page = integerParam(ctx.query, 'page', { min: 1, max: 1_000_000, fallback: 1 });
      const pageSize = integerParam(ctx.query, 'pageSize', { min: 1, max: 100, fallback: 100 });
      await computed(ctx, 'article-comments', () => service('article-page').comments(title, page, pageSize));
    },

    async mostPopularArticles(ctx: Context) {
      onlyParams(ctx.query, []);
      await list(ctx, 'most-popular-articles', 'most-popular', () => service('article-rankings').mostPopular());
    },

    async articleTopics(ctx: Context) {
      onlyParams(ctx.query, []);
      await list(ctx, 'article-topics', 'topics', () => service('article-rankings').topics());
    },

    async archiveYears(ctx: Context) {
      onlyParams(ctx.query, []);
      await list(ctx, 'archive-years', 'years', () => service('archive').years());
    },

    async archiveYear(ctx: Context) {
      onlyParams(ctx.query, []);
      const { year } = ctx.params as { year: string };
      if (!/^\d{4}$/.test(year)) throw new errors.ValidationError('The year must be 4 digits, e.g. 2025.');
      await list(ctx, 'archive-year', `year ${year}`, () => service('archive').year(year));
    },

    async latestArticles(ctx: Context) {
      onlyParams(ctx.query, ['limit']);
      const limit = integerParam(ctx.query, 'limit', { min: 1, max: 10, fallback: 3 });
      await list(ctx, 'latest-articles', `latest ${limit}`, () => service('archive').latest(limit));
    },
  };
};
