/**
 * Issue 39's costly searches: what a visitor can type to make a search cost the most, built from
 * the published articles' own words. Each call makes a new search (the CMS keeps the answer of
 * one it was asked before), as many words as a search is looked for with, within its 200 characters.
 */

/** The most words a search is looked for with, and the most characters of it that are read. */
const SEARCH_WORDS = 16;
const SEARCH_CHARACTERS = 200;

/** A random number generator of its own, so that a run's searches are the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    // Park and Miller's minimal standard generator.
    state = (state * 48_271) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

export const CRAFTED_SHAPES = [
  'words of 12 letters from "aeio"',
  'article words, each with one typo',
  'article words, each with up to three typos',
  'two article words as one, with a typo',
] as const;

type CraftedShape = (typeof CRAFTED_SHAPES)[number];

/**
 * The costly shapes of a search: each is made of words no article holds, so that each word is
 * looked up for its typos, which together most likely find nothing, so that a correction is
 * looked for too.
 */
export function craftedSearches(articleWords: string[], random: () => number): Record<CraftedShape, () => string> {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const longWords = articleWords.filter((word) => /^[a-z]{9,}$/.test(word));
  // One letter of a word's inside made another: a typo.
  const typo = (word: string) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    return `${word.slice(0, at)}${word[at] === 'q' ? 'x' : 'q'}${word.slice(at + 1)}`;
  };
  const search = (word: () => string) => {
    const words = [word()];
    while (words.length < SEARCH_WORDS) {
      const next = word();
      if ([...words, next].join(' ').length > SEARCH_CHARACTERS) break;
      words.push(next);
    }
    return words.join(' ');
  };
  return {
    'words of 12 letters from "aeio"': () => search(() => Array.from({ length: 12 }, () => pick([...'aeio'])).join('')),
    'article words, each with one typo': () => search(() => typo(pick(longWords))),
    'article words, each with up to three typos': () => search(() => typo(typo(typo(pick(longWords))))),
    'two article words as one, with a typo': () => search(() => typo(`${pick(longWords)}${pick(longWords)}`)),
  };
}

/** The middle one of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}
