import { MARK_END, MARK_START } from '@blog/markup';
import escapeHtml from 'escape-html';
import stemmer from 'stemmer';
import type { NearWord } from './vocabulary';

/**
 * The pure half of the full-text search: what a visitor types becomes words, never query syntax;
 * the database's snippet becomes safe HTML. An article's text is indexed as `@blog/markup`'s
 * `indexedText` makes it.
 */

/** At most this many words of a search are looked for (a search is at most 200 characters anyway). */
const MAX_WORDS = 16;

// Letters and digits of any script, and the marks that belong to them: everything else separates words.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of a search, lower-cased, in order: operators, quotes, `*`, `:`, `%` and the like are separators. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(WORD) ?? []).slice(0, MAX_WORDS);
}

/** The words of a text as the vocabulary holds them: every word, lower-cased, each once. */
export function textWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** The stems already made: a text's words repeat, and Porter's steps are the costly part of indexing it. */
const stems = new Map<string, string>();
const MAX_KEPT_STEMS = 200_000;

/**
 * What the index files a word under, and what a searched word is looked for as: the word without
 * its accents and its English ending (Porter's stemmer), so `Énergies` and `energy` are one key,
 * as are `procure` and `procurement`.
 */
export function indexKey(word: string): string {
  let key = stems.get(word);
  if (key === undefined) {
    key = stemmer(word.normalize('NFD').replace(/\p{M}+/gu, ''));
    // Searches can be any words at all: what is kept stays bounded.
    if (stems.size >= MAX_KEPT_STEMS) stems.clear();
    stems.set(word, key);
  }
  return key;
}

/** A word of a text: its `indexKey` and where it stands in the text. */
export interface TextToken {
  key: string;
  start: number;
  end: number;
}

/** The words of a text, in order, each with its key and place (for quoting it). */
export function textTokens(text: string): TextToken[] {
  return [...text.matchAll(WORD)].map((match) => ({
    key: indexKey(match[0].toLowerCase()),
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * Words longer than this are looked for as typed, never for their typos: longer than the words of
 * an English text ("counterintelligence" has 19 letters), and each letter lengthens the rows of
 * the edit distances worked out for the word.
 */
const MAX_TYPO_LETTERS = 20;

/** How many typos a typed word may hold and still match: 1 from 5 letters, 2 from 9; shorter and longer words none. */
export function typosAllowed(word: string): number {
  const letters = [...word].length;
  if (letters > MAX_TYPO_LETTERS) return 0;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/** How far a "Did you mean" may correct a word that matched nothing: one typo further than a match may. */
export function correctionTypos(word: string): number {
  const letters = [...word].length;
  return letters >= 3 && letters <= MAX_TYPO_LETTERS ? typosAllowed(word) + 1 : 0;
}

/**
 * At most this many words of a search are looked up for their typos (and corrected): a reader
 * mistypes a word or two of a search, and each word looked up costs a walk of the vocabulary.
 */
const MAX_TYPO_WORDS = 3;

/**
 * Which words of a search are looked up for their typos: the first `MAX_TYPO_WORDS` of those no
 * article holds that are not too short or too long to correct. The others are looked for as typed.
 */
export function typoLookups(words: string[], isKnown: (word: string) => boolean): boolean[] {
  let left = MAX_TYPO_WORDS;
  return words.map((word) => {
    if (left === 0 || correctionTypos(word) === 0 || isKnown(word)) return false;
    left -= 1;
    return true;
  });
}

/** At most this many known words stand in for one typed word (the closest, then the most used). */
const MAX_ALTERNATIVES = 12;

/** The known words found within a typed word's typos (`Vocabulary.near`) that stand in for it: closest first, then most used. */
export function closeWords(near: NearWord[]): string[] {
  return [...near]
    .sort((x, y) => x.distance - y.distance || y.documents - x.documents || (x.word < y.word ? -1 : 1))
    .slice(0, MAX_ALTERNATIVES)
    .map(({ word }) => word);
}

/**
 * One word of a search as the index is asked for it: the typed word (the last as a prefix), or
 * any of `also`, the known words that stand in for it (completions of a prefix cut mid-stem,
 * which the stemmed index cannot complete, or the words within its typos).
 */
export interface SearchTerm {
  word: string;
  prefix: boolean;
  also: string[];
}

/**
 * The one correction of a search that found nothing: each word looked up for its typos
 * (`typoLookups`) becomes the closest known word `near` finds within `correctionTypos`, or stays;
 * none when no word changes.
 */
export function correction(
  words: string[],
  isKnown: (word: string) => boolean,
  near: (word: string, max: number) => NearWord[],
): string | null {
  let changed = false;
  const lookedUp = typoLookups(words, isKnown);
  const corrected = words.map((word, at) => {
    if (!lookedUp[at]) return word;
    const [closest] = closeWords(near(word, correctionTypos(word)));
    if (!closest) return word;
    changed = true;
    return closest;
  });
  return changed ? corrected.join(' ') : null;
}

/**
 * A snippet as the API answers it: the article's words escaped, the matched ones in `<mark>`, on
 * one line. The index marks them with `MARK_START`/`MARK_END`, which no indexed text holds.
 */
export function snippetHtml(marked: string): string {
  return escapeHtml(marked.replace(/\s+/g, ' ').trim())
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}
