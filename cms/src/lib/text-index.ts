import { MARK_END, MARK_START } from '@blog/markup';
import { indexKey, textTokens, type SearchTerm } from './full-text';

/** A document as it is indexed: its three fields, each plain text. */
export interface IndexedText {
  title: string;
  topics: string;
  body: string;
}

// How much a word counts in each field: a title's word ten times a body's, a topic's five.
const WEIGHTS: Record<keyof IndexedText, number> = { title: 10, topics: 5, body: 1 };
// Okapi BM25's usual constants: how fast more occurrences stop adding, how much length counts.
const K1 = 1.2;
const B = 0.75;
/** The most words a snippet quotes (the issue asks for "about 30"). */
export const SNIPPET_WORDS = 30;

interface IndexedDocument {
  body: string;
  /** The body's words in order: each one's key (numbered) and where it starts and ends in the body. */
  words: { keys: Int32Array; starts: Int32Array; ends: Int32Array };
  /** How many words its three fields have. */
  length: number;
  /** The keys it holds (numbered), to take it out of their postings: numbers, not a map of them (110 MB less at 20,000 articles). */
  keyIds: Int32Array;
}

/** One looked-for key: a word's key, matched whole, or as the beginning of keys for a prefix. */
interface Phrase {
  key: string;
  prefix: boolean;
}

/** How many documents hold any of a term's phrases, at most (one holding two is counted twice). */
const held = (phrases: Map<string, number>[]) => phrases.reduce((sum, holders) => sum + holders.size, 0);

const phrasesOf = ({ word, prefix, also }: SearchTerm): Phrase[] => [
  { key: indexKey(word), prefix },
  ...also.map((known) => ({ key: indexKey(known), prefix: false })),
];

/**
 * An inverted index of documents' words, kept in memory: each key (`indexKey`) with the documents
 * holding it and how often (weighted by field); ranked by BM25 with each field's weight, as
 * SQLite's FTS5 `bm25()` ranks. Adding or taking out a document touches its own keys only.
 */
export class TextIndex {
  private readonly documents = new Map<string, IndexedDocument>();
  // Every key ever indexed, numbered: a body's words are kept as numbers, to be quoted without reading it again.
  private readonly keyIds = new Map<string, number>();
  private readonly keyNames: string[] = [];
  private readonly postings = new Map<string, Map<string, number>>();
  private totalLength = 0;
  // The keys in order, for prefixes: made again only after a new key came in.
  private sortedKeys: string[] | null = null;

  get size(): number {
    return this.documents.size;
  }

  put(id: string, text: IndexedText): void {
    this.remove(id);
    const keys = new Map<string, number>();
    let length = 0;
    const words = { keys: [] as number[], starts: [] as number[], ends: [] as number[] };
    for (const field of ['title', 'topics', 'body'] as const)
      for (const { key, start, end } of textTokens(text[field])) {
        keys.set(key, (keys.get(key) ?? 0) + WEIGHTS[field]);
        length += 1;
        if (field !== 'body') continue;
        words.keys.push(this.keyId(key));
        words.starts.push(start);
        words.ends.push(end);
      }
    for (const [key, frequency] of keys) {
      let documents = this.postings.get(key);
      if (!documents) {
        documents = new Map();
        this.postings.set(key, documents);
        this.sortedKeys = null;
      }
      documents.set(id, frequency);
    }
    this.documents.set(id, {
      body: text.body,
      words: {
        keys: Int32Array.from(words.keys),
        starts: Int32Array.from(words.starts),
        ends: Int32Array.from(words.ends),
      },
      length,
      keyIds: Int32Array.from(keys.keys(), (key) => this.keyId(key)),
    });
    this.totalLength += length;
  }

  remove(id: string): void {
    const document = this.documents.get(id);
    if (!document) return;
    for (const keyId of document.keyIds) {
      const key = this.keyNames[keyId];
      const documents = this.postings.get(key);
      documents?.delete(id);
      // A key no document holds any more stays out of prefixes (and the map).
      if (documents?.size === 0) {
        this.postings.delete(key);
        this.sortedKeys = null;
      }
    }
    this.documents.delete(id);
    this.totalLength -= document.length;
  }

  /**
   * The documents that hold every term (its word, the last as a prefix, or any of its stand-ins),
   * each with its score: the higher, the better.
   */
  match(terms: SearchTerm[]): Map<string, number> {
    if (terms.length === 0) return new Map();
    const matched = terms.map((term) => phrasesOf(term).map((phrase) => this.holders(phrase)));
    const holdsTerm = matched.map((phrases) => (id: string) => phrases.some((holders) => holders.has(id)));
    // From the term held by the fewest documents: the others are asked of those only.
    const rarest = matched.reduce((best, phrases) => (held(phrases) < held(best) ? phrases : best));
    const average = this.totalLength / Math.max(1, this.documents.size);
    const scored = new Map<string, number>();
    for (const id of rarest.flatMap((holders) => [...holders.keys()])) {
      if (scored.has(id) || !holdsTerm.every((holds) => holds(id))) continue;
      const lengthFactor = K1 * (1 - B + (B * (this.documents.get(id)?.length ?? 0)) / average);
      let score = 0;
      for (const phrases of matched)
        for (const holders of phrases) {
          const frequency = holders.get(id);
          if (frequency !== undefined)
            score += (this.idf(holders.size) * (frequency * (K1 + 1))) / (frequency + lengthFactor);
        }
      scored.set(id, score);
    }
    return scored;
  }

  /**
   * Up to `SNIPPET_WORDS` words of a document's body, from where most of the terms are, each
   * matched word between `MARK_START` and `MARK_END`; `…` where the body goes on. Its beginning
   * when the body holds none of them (the title or a topic matched).
   */
  snippet(id: string, terms: SearchTerm[]): string {
    const document = this.documents.get(id);
    if (!document || document.words.keys.length === 0) return '';
    const { body, words } = document;
    const count = words.keys.length;
    // Each key the terms match, and which of their phrases it matches first.
    const phraseOf = new Map<number, number>();
    terms.flatMap(phrasesOf).forEach((phrase, at) => {
      for (const key of phrase.prefix ? this.keysFrom(phrase.key) : [phrase.key]) {
        const keyId = this.keyIds.get(key);
        if (keyId !== undefined && !phraseOf.has(keyId)) phraseOf.set(keyId, at);
      }
    });
    const phraseAt = Array.from(words.keys, (keyId) => phraseOf.get(keyId) ?? -1);
    // A few words before the first match, so that it is read in its sentence.
    const LEAD = 3;
    let best = { start: 0, score: -1 };
    for (let at = 0; at < count; at += 1) {
      if (phraseAt[at] < 0) continue;
      const start = Math.max(0, Math.min(at - LEAD, count - SNIPPET_WORDS));
      const inside = phraseAt.slice(start, start + SNIPPET_WORDS).filter((phrase) => phrase >= 0);
      // Every different term first, then how many matches.
      const score = new Set(inside).size * 1000 + inside.length;
      if (score > best.score) best = { start, score };
    }
    const end = Math.min(count, best.start + SNIPPET_WORDS);
    let quoted = best.start > 0 ? '…' : '';
    let from = words.starts[best.start];
    for (let at = best.start; at < end; at += 1) {
      if (phraseAt[at] < 0) continue;
      quoted += `${body.slice(from, words.starts[at])}${MARK_START}${body.slice(words.starts[at], words.ends[at])}${MARK_END}`;
      from = words.ends[at];
    }
    quoted += body.slice(from, words.ends[end - 1]);
    return end < count ? `${quoted}…` : quoted;
  }

  private keyId(key: string): number {
    let keyId = this.keyIds.get(key);
    if (keyId === undefined) {
      keyId = this.keyNames.length;
      this.keyIds.set(key, keyId);
      this.keyNames.push(key);
    }
    return keyId;
  }

  /** The documents holding a phrase, each with how often (weighted): a prefix's keys added up. */
  private holders({ key, prefix }: Phrase): Map<string, number> {
    if (!prefix) return this.postings.get(key) ?? new Map<string, number>();
    const holders = new Map<string, number>();
    for (const each of this.keysFrom(key))
      for (const [id, frequency] of this.postings.get(each) ?? []) holders.set(id, (holders.get(id) ?? 0) + frequency);
    return holders;
  }

  /** The keys that begin with `prefix`, by a binary search of the sorted keys. */
  private keysFrom(prefix: string): string[] {
    this.sortedKeys ??= [...this.postings.keys()].sort();
    const keys = this.sortedKeys;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (keys[middle] < prefix) low = middle + 1;
      else high = middle;
    }
    const found: string[] = [];
    for (let at = low; at < keys.length && keys[at].startsWith(prefix); at += 1) found.push(keys[at]);
    return found;
  }

  /** How rare a phrase is among the documents (never below nothing: a word most hold adds next to nothing). */
  private idf(holders: number): number {
    return Math.max(1e-6, Math.log((this.documents.size - holders + 0.5) / (holders + 0.5)));
  }
}
