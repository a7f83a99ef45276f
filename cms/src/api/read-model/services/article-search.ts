import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { countMatches, searchTerms, suggestion, textMatches } from '../../../lib/article-search-index';
import { searchWords } from '../../../lib/full-text';
import { readModelSchema } from '../../../lib/read-model';
import { rowsOf } from '../../../lib/rows';
import {
  countOf,
  matchesSearch,
  newestMatches,
  pagination,
  spec5Matches,
  summariesOf,
  summaryColumns,
  type SummariesQuery,
} from './article-summaries';
import { publishedArticles } from '../../../lib/read-model';

/** Where a page of `pageSize` from `offset` falls in two lists one after the other, the first `firstTotal` long. */
export function splitPage(offset: number, pageSize: number, firstTotal: number) {
  const first = { offset, limit: Math.max(0, Math.min(pageSize, firstTotal - offset)) };
  const second = { offset: Math.max(0, offset - firstTotal), limit: pageSize - first.limit };
  return { first, second };
}

/**
 * Search over the whole text: first the spec's matches (the title or a topic contains the term,
 * newest first, exactly as the Articles list), then the other published articles whose title,
 * topics or text hold every word (the last as a prefix, a word no article holds within its typos),
 * ranked, each with its snippet. When nothing is found, a correction that finds something.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async page({ search, page, pageSize }: SummariesQuery) {
    const db = strapi.db.connection;
    const schema = readModelSchema(strapi);
    // The published articles the spec's rule leaves out: the text tier's candidates.
    const othersThan = (term: string) =>
      publishedArticles(db, schema)
        .whereNot((where: Knex.QueryBuilder) => matchesSearch(db, schema, term)(where))
        .select(`a.${schema.articles.documentId}`);
    const firstTotal = await countOf(spec5Matches(db, schema, search));
    const { first, second } = splitPage((page - 1) * pageSize, pageSize, firstTotal);
    const firstRows = first.limit > 0 ? await newestMatches(db, schema, search, first.limit, first.offset) : [];
    const words = searchWords(search);
    const text = await textMatches(
      db,
      await searchTerms(db, words),
      othersThan(search),
      Math.max(second.limit, 1),
      second.offset,
    );
    const shown = text.matches.slice(0, second.limit);
    const secondRows = await rowsOf<Parameters<typeof summariesOf>[2][number]>(
      publishedArticles(db, schema)
        .whereIn(
          `a.${schema.articles.documentId}`,
          shown.map(({ documentId }) => documentId),
        )
        .select(...summaryColumns(schema)),
    );
    const byDocument = new Map(secondRows.map((row) => [row.documentId, row]));
    const ranked = shown.flatMap(({ documentId, snippet }) => {
      const row = byDocument.get(documentId);
      return row ? [{ row, snippet }] : [];
    });
    const data = [
      ...(await summariesOf(db, schema, firstRows)),
      ...(
        await summariesOf(
          db,
          schema,
          ranked.map(({ row }) => row),
        )
      ).map((summary, index) => ({ ...summary, snippet: ranked[index].snippet })),
    ];
    const total = firstTotal + text.total;
    const finds = async (corrected: string) =>
      (await countOf(spec5Matches(db, schema, corrected))) > 0 ||
      (await countMatches(db, await searchTerms(db, searchWords(corrected)), othersThan(corrected))) > 0;
    const suggested = total === 0 ? await suggestion(db, words, finds) : null;
    return { data, meta: { ...pagination(page, pageSize, total), ...(suggested ? { suggestion: suggested } : {}) } };
  },
});
