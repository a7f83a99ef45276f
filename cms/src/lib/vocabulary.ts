import type { KnownWord } from './full-text';

interface Node {
  children: Map<string, Node>;
  /** The word ending here, while some article holds it. */
  word?: string;
  documents: number;
}

const node = (): Node => ({ children: new Map(), documents: 0 });

/**
 * The published articles' words, each with how many articles hold it, in a trie: what a typo or a
 * last word cut mid-stem is compared with. Looking for the words within two typos of a word visits
 * only the branches still within them, not every word.
 */
export class Vocabulary {
  private readonly root = node();

  /** Counts these words of one article in (`sign` 1) or out (−1). */
  count(words: Iterable<string>, sign: 1 | -1): void {
    for (const word of words) {
      // A word counted out that was never counted in changes nothing (not a shorter word on its path).
      const at = sign > 0 ? this.grow(word) : this.at(word);
      if (!at) continue;
      at.documents = Math.max(0, at.documents + sign);
      at.word = at.documents > 0 ? word : undefined;
    }
  }

  has(word: string): boolean {
    return this.at(word)?.word !== undefined;
  }

  /** The known words that begin with `prefix` (itself excluded), the most used first, then by spelling. */
  completions(prefix: string, limit: number): string[] {
    const start = this.at(prefix);
    if (!start) return [];
    const found: KnownWord[] = [];
    for (const child of start.children.values()) collect(child, found);
    return found
      .sort((x, y) => y.documents - x.documents || (x.word < y.word ? -1 : 1))
      .slice(0, limit)
      .map(({ word }) => word);
  }

  /**
   * The known words within `max` typos of `typed` (insertions, deletions, substitutions and swaps
   * of two neighbours), or whose beginning is when `prefix`: a depth-first walk of the trie that
   * carries the edit distance's rows and leaves a branch once every cell of its row is past `max`.
   */
  near(typed: string, max: number, prefix: boolean): KnownWord[] {
    const target = [...typed];
    const found: KnownWord[] = [];
    const visit = (at: Node, letter: string, previousLetter: string, before: number[] | null, above: number[]) => {
      const row = [above[0] + 1];
      for (let j = 1; j <= target.length; j += 1) {
        let cell = Math.min(row[j - 1] + 1, above[j] + 1, above[j - 1] + (target[j - 1] === letter ? 0 : 1));
        if (before && j > 1 && target[j - 1] === previousLetter && target[j - 2] === letter)
          cell = Math.min(cell, before[j - 2] + 1);
        row.push(cell);
      }
      if (row[target.length] <= max) {
        // Every word below begins with a word this close.
        if (prefix) return collect(at, found);
        if (at.word !== undefined) found.push({ word: at.word, documents: at.documents });
      }
      if (Math.min(...row) > max) return;
      for (const [next, child] of at.children) visit(child, next, letter, above, row);
    };
    const first = target.map((_, j) => j + 1);
    for (const [letter, child] of this.root.children) visit(child, letter, '', null, [0, ...first]);
    return found;
  }

  /** The node of `word`, made with its path where missing. */
  private grow(word: string): Node {
    let at = this.root;
    for (const letter of word) {
      let next = at.children.get(letter);
      if (!next) {
        next = node();
        at.children.set(letter, next);
      }
      at = next;
    }
    return at;
  }

  private at(word: string): Node | undefined {
    let at: Node | undefined = this.root;
    for (const letter of word) at = at?.children.get(letter);
    return at;
  }
}

/** Every known word at or below a node. */
function collect(at: Node, found: KnownWord[]): void {
  if (at.word !== undefined) found.push({ word: at.word, documents: at.documents });
  for (const child of at.children.values()) collect(child, found);
}
