import { MARK_END, MARK_START } from '@blog/markup';
import { indexKey, textTokens, type SearchTerm } from './full-text';
import { PostingList } from './postings';

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

interface IndexedDocument<Owner> {
  /** What it stands for, as put: what a match answers, with no lookup by id. */
  owner: Owner;
  /** Its number in the postings. */
  number: number;
  /**
   * Its fields as indexed: read again to quote its body and to take it out of its keys' postings,
   * rather than kept as each word's key and place (80 MB less at 20,000 articles).
   */
  text: IndexedText;
  /** How many words its three fields have. */
  length: number;
}

/** What a document that matched a search stands for, and how well it matched. */
export interface Scored<Owner> {
  owner: Owner;
  score: number;
}

/** One looked-for key: a word's key, matched whole, or as the beginning of keys for a prefix. */
interface Phrase {
  key: string;
  prefix: boolean;
}

const phrasesOf = ({ word, prefix, also }: SearchTerm): Phrase[] => [
  { key: indexKey(word), prefix },
  ...also.map((known) => ({ key: indexKey(known), prefix: false })),
];

/** A document's keys, each with how often it is there (weighted by field), and how many words it has. */
function keysOf(text: IndexedText): { keys: Map<string, number>; length: number } {
  const keys = new Map<string, number>();
  let length = 0;
  for (const field of ['title', 'topics', 'body'] as const)
    for (const { key } of textTokens(text[field])) {
      keys.set(key, (keys.get(key) ?? 0) + WEIGHTS[field]);
      length += 1;
    }
  return { keys, length };
}

/**
 * An inverted index of documents' words, kept in memory: each key (`indexKey`) with the documents
 * holding it and how often (weighted by field); ranked by BM25 with each field's weight, as
 * SQLite's FTS5 `bm25()` ranks. Adding or taking out a document touches its own keys only.
 */
export class TextIndex<Owner> {
  private readonly documents = new Map<string, IndexedDocument<Owner>>();
  // The documents by number, and the numbers of those taken out, given again to the next ones.
  private readonly numbered: (IndexedDocument<Owner> | undefined)[] = [];
  private readonly freeNumbers: number[] = [];
  private readonly postings = new Map<string, PostingList>();
  private totalLength = 0;
  // The keys in order, for prefixes: made again only after a new key came in.
  private sortedKeys: string[] | null = null;

  get size(): number {
    return this.documents.size;
  }

  /** Indexes `text` as document `id`, in place of what `id` held, standing for `owner`. */
  put(id: string, text: IndexedText, owner: Owner): void {
    this.remove(id);
    const { keys, length } = keysOf(text);
    const number = this.freeNumbers.pop() ?? this.numbered.length;
    for (const [key, frequency] of keys) {
      let documents = this.postings.get(key);
      if (!documents) {
        documents = new PostingList();
        this.postings.set(key, documents);
        this.sortedKeys = null;
      }
      documents.set(number, frequency);
    }
    const document = { owner, number, text, length };
    this.documents.set(id, document);
    this.numbered[number] = document;
    this.totalLength += length;
  }

  remove(id: string): void {
    const document = this.documents.get(id);
    if (!document) return;
    for (const key of keysOf(document.text).keys.keys()) {
      const documents = this.postings.get(key);
      documents?.delete(document.number);
      // A key no document holds any more stays out of prefixes (and the map).
      if (documents?.size === 0) {
        this.postings.delete(key);
        this.sortedKeys = null;
      }
    }
    this.documents.delete(id);
    this.numbered[document.number] = undefined;
    this.freeNumbers.push(document.number);
    this.totalLength -= document.length;
  }

  /** The fields a document was put with. */
  text(id: string): IndexedText | undefined {
    return this.documents.get(id)?.text;
  }

  /**
   * The documents that hold every term (its word, the last as a prefix, or any of its stand-ins),
   * each as what it stands for with its score (the higher, the better), in the order of their numbers.
   *
   * Scored in arrays as long as the documents are numbered, walking each phrase's postings once:
   * at 20,000 articles a common word is held by thousands, and looking each of them up in the other
   * terms' postings and keeping scores in maps took a third of a search's time.
   */
  match(terms: SearchTerm[]): Scored<Owner>[] {
    const phrases = terms.map((term) => phrasesOf(term).map((phrase) => this.keysOf(phrase)));
    const unheld = (keys: string[]) => keys.every((key) => !this.postings.has(key));
    if (terms.length === 0 || phrases.some((termPhrases) => termPhrases.every(unheld))) return [];
    const count = this.numbered.length;
    const scores = new Float64Array(count);
    // How many terms hold each document, and the last term that counted it (its place, plus one).
    const held = new Uint16Array(count);
    const countedFor = new Uint16Array(count);
    // A phrase's weight in each document it holds (a prefix's keys added up), and those documents.
    const frequencies = new Int32Array(count);
    const holders = new Int32Array(count);
    const average = this.totalLength / Math.max(1, this.documents.size);
    phrases.forEach((termPhrases, at) => {
      const term = at + 1;
      for (const keys of termPhrases) {
        let holding = 0;
        for (const key of keys)
          this.postings.get(key)?.forEach((number, frequency) => {
            if (frequencies[number] === 0) holders[holding++] = number;
            frequencies[number] += frequency;
          });
        const idf = this.idf(holding);
        for (let each = 0; each < holding; each += 1) {
          const number = holders[each];
          const frequency = frequencies[number];
          frequencies[number] = 0;
          const length = this.numbered[number]?.length ?? average;
          const lengthFactor = K1 * (1 - B + (B * length) / average);
          scores[number] += (idf * (frequency * (K1 + 1))) / (frequency + lengthFactor);
          if (countedFor[number] !== term) {
            countedFor[number] = term;
            held[number] += 1;
          }
        }
      }
    });
    const matches: Scored<Owner>[] = [];
    for (let number = 0; number < count; number += 1) {
      const document = this.numbered[number];
      if (held[number] === terms.length && document) matches.push({ owner: document.owner, score: scores[number] });
    }
    return matches;
  }

  /**
   * Up to `SNIPPET_WORDS` words of a document's body, from where most of the terms are, each
   * matched word between `MARK_START` and `MARK_END`; `…` where the body goes on. Its beginning
   * when the body holds none of them (the title or a topic matched).
   */
  snippet(id: string, terms: SearchTerm[]): string {
    const body = this.documents.get(id)?.text.body ?? '';
    const words = textTokens(body);
    const count = words.length;
    if (count === 0) return '';
    // Each key the terms match, and which of their phrases it matches first.
    const phraseOf = new Map<string, number>();
    terms.flatMap(phrasesOf).forEach((phrase, at) => {
      for (const key of this.keysOf(phrase)) if (!phraseOf.has(key)) phraseOf.set(key, at);
    });
    const phraseAt = words.map(({ key }) => phraseOf.get(key) ?? -1);
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
    let from = words[best.start].start;
    for (let at = best.start; at < end; at += 1) {
      if (phraseAt[at] < 0) continue;
      quoted += `${body.slice(from, words[at].start)}${MARK_START}${body.slice(words[at].start, words[at].end)}${MARK_END}`;
      from = words[at].end;
    }
    quoted += body.slice(from, words[end - 1].end);
    return end < count ? `${quoted}…` : quoted;
  }

  /** The keys a phrase looks for: its own, or for a prefix every key that begins with it. */
  private keysOf({ key, prefix }: Phrase): string[] {
    return prefix ? this.keysFrom(key) : [key];
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
