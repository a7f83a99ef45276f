import type { Core } from '@strapi/strapi';
import { ArticleSearch, bestFirst, type IndexedArticle } from '../../../lib/article-search-index';
import { searchWords, type SearchTerm } from '../../../lib/full-text';
import { currentVersion } from '../../../lib/read-model-cache';
import { searchIndexArticles } from '../../../lib/metrics';
import { readModelSchema } from '../../../lib/read-model';

/** A page of a list of articles, searched. */
export interface SummariesQuery {
  /** Trimmed; empty for every article. */
  search: string;
  page: number;
  pageSize: number;
}

export const pagination = (page: number, pageSize: number, total: number) => ({
  pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total },
});

/** A search, narrowed to a topic (its category, exactly; '' for any) and a year (null for any). */
export interface SearchQuery extends SummariesQuery {
  topic: string;
  year: number | null;
}

/** A value of a facet and how many results it narrows to. */
export interface FacetCount<Value> {
  value: Value;
  count: number;
}

/** Whether an article is in a topic and a year, each when asked. */
const narrowedTo =
  ({ topic, year }: Pick<SearchQuery, 'topic' | 'year'>) =>
  (article: IndexedArticle) =>
    (year === null || article.year === year) && (topic === '' || article.topics.includes(topic));

/**
 * The Articles list and search, both answered by the search index in memory. Search over the whole
 * text: first the spec's matches (the title or a topic contains the term, newest first, exactly the
 * Articles list's `summaries`), then the other published articles whose title,
 * topics or text hold every word (the last as a prefix, a word no article holds within its typos),
 * ranked, each with its snippet; narrowed to a topic and a year when asked, with the count of
 * each topic and year the results have. When nothing is found, a correction that finds something.
 * Each answer waits until the index has read the version asked for.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  let made: ArticleSearch | undefined;
  // Made at first use: the database's metadata is not there when services are.
  const index = () => (made ??= new ArticleSearch(readModelSchema(strapi)));
  return {
    /** Reads the index up to the database's version, so that the next visitor's search does not. */
    async warm() {
      const db = strapi.db.connection;
      await index().sync(db, await currentVersion(db));
      searchIndexArticles.set(index().size);
    },

    /**
     * Warms the index every `everyMs`, until the returned function is called: a change written by
     * another process (a restore, `grow`, a second CMS) can be thousands of articles, read here
     * rather than while a visitor's page waits on it.
     */
    follow(everyMs: number): () => void {
      const timer = setInterval(() => {
        this.warm().catch((error: Error) => strapi.log.error(`The search index could not be read: ${error.message}`));
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /**
     * One page of the Articles list: spec §5's matches of `search` (the title or a topic contains
     * it, whatever its case; every published article for none), newest first, each article's card.
     */
    async summaries({ search, page, pageSize }: SummariesQuery, version: string) {
      const articles = index();
      await articles.sync(strapi.db.connection, version);
      const found = articles.specMatches(search);
      return {
        data: await articles.cards(strapi.db.connection, found.slice((page - 1) * pageSize, page * pageSize)),
        meta: pagination(page, pageSize, found.length),
      };
    },

    async page({ search, page, pageSize, topic, year }: SearchQuery, version: string) {
      const articles = index();
      await articles.sync(strapi.db.connection, version);
      const narrowed = narrowedTo({ topic, year });
      const spec = articles.specMatches(search);
      const specFound = new Set(spec);
      const words = searchWords(search);
      const terms = articles.searchTerms(words);
      // The text tier: every article the spec's rule leaves out (unnarrowed, for the facets).
      const text = articles.textMatches(terms, (article) => !specFound.has(article));
      const specShown = spec.filter(narrowed);
      const textShown = text.filter(({ article }) => narrowed(article));
      const total = specShown.length + textShown.length;
      // The text matches ranked as far as this page, no further.
      const results = [
        ...specShown.map((article) => ({ article, ranked: false })),
        ...bestFirst(textShown, page * pageSize - specShown.length).map((article) => ({ article, ranked: true })),
      ];
      // Only the page's text matches are quoted.
      const shown = results.slice((page - 1) * pageSize, page * pageSize);
      const cards = await articles.cards(
        strapi.db.connection,
        shown.map(({ article }) => article),
      );
      const data = shown.map(({ article, ranked }, at) =>
        ranked ? { ...cards[at], snippet: articles.snippet(article.documentId, terms) } : cards[at],
      );
      const facets = facetCounts([...spec, ...text.map(({ article }) => article)], { topic, year });
      const finds = (corrected: string, correctedTerms: SearchTerm[]) =>
        articles.specMatches(corrected).some(narrowed) || articles.textMatches(correctedTerms, narrowed).length > 0;
      const suggested = total === 0 ? articles.suggestion(words, terms, finds) : null;
      return {
        data,
        meta: {
          ...pagination(page, pageSize, total),
          facets,
          ...(suggested ? { suggestion: suggested } : {}),
        },
      };
    },
  };
};

/** A document a search found: its year and its topics' categories. */
export interface FoundArticle {
  year: number;
  topics: string[];
}

/**
 * Each topic and each year of what a search found, with how many results it narrows to: a
 * topic's counted with the year narrowed to kept, a year's with the topic kept. Topics most
 * first, then by name; years latest first.
 */
export function facetCounts(found: FoundArticle[], { topic, year }: Pick<SearchQuery, 'topic' | 'year'>) {
  const topics = new Map<string, number>();
  const years = new Map<number, number>();
  // One pass that makes nothing for each article: a search finds thousands.
  for (const article of found) {
    if (year === null || article.year === year)
      for (let at = 0; at < article.topics.length; at += 1) {
        const each = article.topics[at];
        // An article counts once for a topic it has twice.
        if (article.topics.indexOf(each) === at) topics.set(each, (topics.get(each) ?? 0) + 1);
      }
    if (topic === '' || article.topics.includes(topic)) years.set(article.year, (years.get(article.year) ?? 0) + 1);
  }
  const counted = <Value>(counts: Map<Value, number>) =>
    [...counts].map(([value, count]): FacetCount<Value> => ({ value, count }));
  return {
    topics: counted(topics).sort((x, y) => y.count - x.count || x.value.localeCompare(y.value)),
    years: counted(years).sort((x, y) => y.value - x.value),
  };
}
