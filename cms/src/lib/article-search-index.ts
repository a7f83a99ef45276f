import { indexedText } from '@blog/markup';
import type { Knex } from 'knex';
import {
  closeWords,
  correction,
  snippetHtml,
  textWords,
  typoLookups,
  typosAllowed,
  type SearchTerm,
} from './full-text';
import {
  firstPhotosOf,
  publishedArticles,
  summariesOf,
  summaryColumns,
  type ArticleRow,
  type ReadModelSchema,
} from './read-model';
import { rowsOf } from './rows';
import { SubstringFilter } from './substring-filter';
import { TextIndex, type IndexedText } from './text-index';
import { Vocabulary } from './vocabulary';

/** A published article as search knows it: what the spec's rule, the facets and the order need. */
export interface IndexedArticle {
  documentId: string;
  /** Its published row: what the cards are read from. */
  id: number;
  /** Its published row as last read (a publish makes a new row; an edit in place a new time). */
  revision: string;
  date: string;
  year: number;
  /** Its topics' categories, in order. */
  topics: string[];
  /** Its title and its topics, lower-cased and apart (a term never holds `\n`), for the spec's rule. */
  searched: string;
  /** Its card as read with its row, but for its photo, read with the page that shows it (`cards()`). */
  card: ArticleSummary;
}

/** An article's card without its photo. */
type ArticleSummary = Awaited<ReturnType<typeof summariesOf>>[number];

/** An article the search's words found, and how well (the higher, the better). */
export interface TextMatch {
  article: IndexedArticle;
  score: number;
}

/** Best first; of two as good, the first by id (so that a page's results are the same every time). */
const better = (x: TextMatch, y: TextMatch) =>
  y.score - x.score || (x.article.documentId < y.article.documentId ? -1 : 1);

/**
 * The `count` best of `matches`, best first. A page shows a dozen of thousands: ranking every
 * match took most of a search's time. The best so far are kept in order, and most matches are
 * turned away by one comparison with the last of them; past a quarter of the matches, all are sorted.
 */
export function bestFirst(matches: TextMatch[], count: number): IndexedArticle[] {
  if (count <= 0) return [];
  if (count * 4 >= matches.length)
    return [...matches]
      .sort(better)
      .slice(0, count)
      .map(({ article }) => article);
  const best: TextMatch[] = [];
  for (const match of matches) {
    if (best.length === count && better(match, best[count - 1]) > 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (better(best[middle], match) < 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, match);
    if (best.length > count) best.pop();
  }
  return best.map(({ article }) => article);
}

/** Newest first; articles of the same day in the order they were published (as the Articles list). */
const newestFirst = (x: IndexedArticle, y: IndexedArticle) =>
  x.date < y.date ? 1 : x.date > y.date ? -1 : x.id - y.id;

/** The words of an article as the vocabulary counts them. */
const wordsOf = ({ title, topics, body }: IndexedText) => textWords(`${title}\n${topics}\n${body}`);

/** How many changed articles are read and indexed at a time (each slice takes a few milliseconds). */
const READ_SLICE = 50;

/** At most this many known words complete a last word cut mid-stem (the most used first). */
const MAX_COMPLETIONS = 12;

/**
 * The trie nodes a search's typo lookups may visit between them, and again its correction's: a
 * mistyped word's lookup visits at most 1,400 of the seed's vocabulary and its correction 2,400
 * (2,400 and 4,400 grown to 2,000 articles), so three fit in either. Past it the words left are
 * looked for as typed, whatever the vocabulary.
 */
const MAX_TYPO_NODES = 15_000;

/**
 * The published articles' search index, in the CMS process's memory: the spec's rule, ranked
 * whole-text matches, typos and snippets answered without a database query. It follows the read
 * model's version (raised in every write's transaction, in whichever process wrote): at a new
 * version it reads which published rows changed (one query of ids and times) and reads and
 * indexes those only. Drafts are never read into it.
 */
export class ArticleSearch {
  private readonly articles = new Map<string, IndexedArticle>();
  private readonly text = new TextIndex<IndexedArticle>();
  private readonly vocabulary = new Vocabulary();
  private version: string | null = null;
  private syncing: Promise<void> = Promise.resolve();
  // Kept in order between versions: what the spec's rule and "newest first" walk.
  private newest: IndexedArticle[] = [];
  /** The spec's rule over `newest`, in the same order. */
  private specFilter = new SubstringFilter([]);
  /**
   * Each list of topics some article has, once. A search counts the topics of thousands of
   * results: with a list (and its strings) for each article, every count compared strings read
   * apart, a sixth of a search's time at 20,000 articles; with the lists shared the count is next
   * to nothing. An author's topics are tens, so the lists stay few.
   */
  private readonly topicLists = new Map<string, string[]>();

  constructor(private readonly schema: ReadModelSchema) {}

  /** Makes the index what the database holds at `version` (or later); at most one reading at a time. */
  sync(db: Knex, version: string): Promise<void> {
    if (version === this.version) return this.syncing;
    // After the reading before it, failed or not: a failed reading is tried again by the next request.
    this.syncing = this.syncing
      .catch((): void => undefined)
      .then(async () => {
        if (version === this.version) return;
        await this.read(db);
        this.version = version;
      });
    return this.syncing;
  }

  /** How many published articles the index holds. */
  get size(): number {
    return this.articles.size;
  }

  /** The spec's rule: the published articles whose title or a topic contains `search` (any case), newest first. */
  specMatches(search: string): IndexedArticle[] {
    if (search === '') return this.newest;
    return this.specFilter.containing(search.toLowerCase()).map((index) => this.newest[index]);
  }

  /**
   * The terms the index is asked for: each typed word that no article holds gets stand-ins, the
   * completions of a last word cut mid-stem (`procurem`: procurement), else the known words within
   * its typos (`submarnes`: submarines), for the words `typoLookups` allows while `MAX_TYPO_NODES`
   * last. A word the articles hold is looked for as typed only.
   */
  searchTerms(words: string[]): SearchTerm[] {
    const lookedUp = typoLookups(words, (word) => this.vocabulary.has(word));
    const budget = { nodes: MAX_TYPO_NODES };
    return words.map((word, index) => {
      const prefix = index === words.length - 1;
      if (this.vocabulary.has(word)) return { word, prefix, also: [] };
      const completions = prefix && [...word].length >= 3 ? this.vocabulary.completions(word, MAX_COMPLETIONS) : [];
      const max = lookedUp[index] ? typosAllowed(word) : 0;
      if (completions.length > 0 || max === 0) return { word, prefix, also: completions };
      return { word, prefix, also: closeWords(this.vocabulary.near(word, max, prefix, budget)) };
    });
  }

  /** The documents that match every term, among those `among` keeps, each with its score, in no order (see `bestFirst`). */
  textMatches(terms: SearchTerm[], among: (article: IndexedArticle) => boolean): TextMatch[] {
    const found: TextMatch[] = [];
    for (const { owner: article, score } of this.text.match(terms)) if (among(article)) found.push({ article, score });
    return found;
  }

  /** Where a document's body says what was looked for (see `TextIndex.snippet`), as safe HTML. */
  snippet(documentId: string, terms: SearchTerm[]): string {
    return snippetHtml(this.text.snippet(documentId, terms));
  }

  /**
   * "Did you mean": for a search that found nothing (its `words`, looked for as `terms`), the
   * search with each word looked up for its typos made the closest known word, when that finds
   * something (`finds` says, given the corrected search and its terms); else none.
   */
  suggestion(
    words: string[],
    terms: SearchTerm[],
    finds: (search: string, terms: SearchTerm[]) => boolean,
  ): string | null {
    const budget = { nodes: MAX_TYPO_NODES };
    const corrected = correction(
      words,
      (word) => this.vocabulary.has(word),
      (word, max) => this.vocabulary.near(word, max, false, budget),
    );
    if (corrected === null) return null;
    // A corrected word is a known one, looked for as typed; the others as they were.
    const correctedTerms = corrected
      .split(' ')
      .map((word, at) => (word === words[at] ? terms[at] : { word, prefix: terms[at].prefix, also: [] }));
    return finds(corrected, correctedTerms) ? corrected : null;
  }

  /**
   * Found articles' cards, as the Articles list shows them, each with its photo read now: a page's
   * dozen photos, not every article's held (11–15 MB at 20,000 articles) and read again at every
   * version.
   */
  async cards(db: Knex, articles: IndexedArticle[]) {
    const photos = await firstPhotosOf(
      db,
      this.schema,
      articles.map(({ id }) => id),
    );
    return articles.map((article) => ({ ...article.card, photo: photos.get(article.id) ?? null }));
  }

  /**
   * Reads the published rows that changed since the last reading (their cards made as the
   * Articles list makes them, but for the photo, which can change in the media library while its
   * article does not), and forgets the articles no longer published.
   */
  private async read(db: Knex) {
    const { articles } = this.schema;
    const published = await rowsOf<{ id: number; documentId: string; updatedAt: string | number | Date | null }>(
      publishedArticles(db, this.schema).select(
        `a.${articles.id} as id`,
        `a.${articles.documentId} as documentId`,
        `a.${articles.updatedAt} as updatedAt`,
      ),
    );
    const revisions = new Map(
      published.map(({ id, documentId, updatedAt }) => [
        documentId,
        `${id} ${updatedAt instanceof Date ? updatedAt.getTime() : String(updatedAt)}`,
      ]),
    );
    for (const documentId of this.articles.keys()) if (!revisions.has(documentId)) this.forget(documentId);
    const changed = published
      .filter(({ documentId }) => this.articles.get(documentId)?.revision !== revisions.get(documentId))
      .map(({ id }) => id);
    for (let start = 0; start < changed.length; start += READ_SLICE) {
      const rows = await rowsOf<ArticleRow>(
        publishedArticles(db, this.schema)
          .whereIn(`a.${articles.id}`, changed.slice(start, start + READ_SLICE))
          .select(...summaryColumns(this.schema)),
      );
      const cards = await summariesOf(db, this.schema, rows);
      rows.forEach((row, at) => this.remember(row, cards[at], revisions.get(row.documentId) ?? ''));
      // Thousands of changed articles (a restore, `grow`) are indexed between other requests, not before them.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (changed.length > 0 || published.length !== this.newest.length) {
      this.newest = [...this.articles.values()].sort(newestFirst);
      this.specFilter = new SubstringFilter(this.newest.map(({ searched }) => searched));
    }
  }

  private remember(
    row: { id: number; documentId: string; text: string | null },
    card: ArticleSummary,
    revision: string,
  ) {
    this.forget(row.documentId);
    // A date's text on both databases (Strapi keeps PostgreSQL's driver from making it a Date).
    const day = card.date_of_the_article.slice(0, 10);
    const topics = this.topicList(card.topics.map(({ category }) => category ?? ''));
    const indexed = { title: indexedText(card.title_article), topics: topics.join(', '), body: indexedText(row.text) };
    const article: IndexedArticle = {
      documentId: row.documentId,
      id: row.id,
      revision,
      date: day,
      year: Number(day.slice(0, 4)),
      topics,
      searched: [card.title_article ?? '', ...topics].join('\n').toLowerCase(),
      card,
    };
    this.articles.set(row.documentId, article);
    this.text.put(row.documentId, indexed, article);
    this.vocabulary.count(wordsOf(indexed), 1);
  }

  private topicList(topics: string[]): string[] {
    const key = topics.join('\n');
    const known = this.topicLists.get(key);
    if (known) return known;
    this.topicLists.set(key, topics);
    return topics;
  }

  private forget(documentId: string) {
    if (!this.articles.delete(documentId)) return;
    // Its words made again from its text, as they were counted in: not kept (20 MB at 20,000 articles).
    const indexed = this.text.text(documentId);
    this.text.remove(documentId);
    if (indexed) this.vocabulary.count(wordsOf(indexed), -1);
  }
}
