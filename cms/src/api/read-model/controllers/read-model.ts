import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context } from 'koa';
import { integerParam, onlyParams, textParam } from '../../../lib/query-params';

const SEARCH_MAX_LENGTH = 200;

/** The site's read model: what its sections show, each answered by the database in one go. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = (name: string) => strapi.service(`api::read-model.${name}`);
  return {
    async articleSummaries(ctx: Context) {
      onlyParams(ctx.query, ['search', 'page', 'pageSize']);
      ctx.body = await service('article-summaries').page({
        search: textParam(ctx.query, 'search', SEARCH_MAX_LENGTH),
        page: integerParam(ctx.query, 'page', { min: 1, max: 1_000_000, fallback: 1 }),
        pageSize: integerParam(ctx.query, 'pageSize', { min: 1, max: 50, fallback: 12 }),
      });
    },

    async mostPopularArticles(ctx: Context) {
      onlyParams(ctx.query, []);
      ctx.body = { data: await service('article-rankings').mostPopular(), meta: {} };
    },

    async articleTopics(ctx: Context) {
      onlyParams(ctx.query, []);
      ctx.body = { data: await service('article-rankings').topics(), meta: {} };
    },

    async archiveYears(ctx: Context) {
      onlyParams(ctx.query, []);
      ctx.body = { data: await service('archive').years(), meta: {} };
    },

    async archiveYear(ctx: Context) {
      onlyParams(ctx.query, []);
      const { year } = ctx.params;
      if (!/^\d{4}$/.test(year)) throw new errors.ValidationError('The year must be 4 digits, e.g. 2025.');
      ctx.body = { data: await service('archive').year(year), meta: {} };
    },

    async latestArticles(ctx: Context) {
      onlyParams(ctx.query, ['limit']);
      const limit = integerParam(ctx.query, 'limit', { min: 1, max: 10, fallback: 3 });
      ctx.body = { data: await service('archive').latest(limit), meta: {} };
    },
  };
};
