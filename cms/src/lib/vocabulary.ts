interface Node {
  children: Map<string, Node>;
  /** The word ending here, while some article holds it. */
  word?: string;
  documents: number;
}

const node = (): Node => ({ children: new Map(), documents: 0 });

/** A word of the published articles and in how many of them it is. */
export interface KnownWord {
  word: string;
  documents: number;
}

/** A known word within the typos of a typed word, and how many typos away (from its closest beginning, for a prefix). */
export interface NearWord extends KnownWord {
  distance: number;
}

/** How many more trie nodes some walks may visit between them (see `Vocabulary.near`). */
export interface WalkBudget {
  nodes: number;
}

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
    for (const child of start.children.values()) collect(child, found, (word, documents) => ({ word, documents }));
    return found
      .sort((x, y) => y.documents - x.documents || (x.word < y.word ? -1 : 1))
      .slice(0, limit)
      .map(({ word }) => word);
  }

  /**
   * The known words within `max` typos of `typed` (insertions, deletions, substitutions and swaps
   * of two neighbours), or whose beginning is when `prefix`, each with its distance: a depth-first
   * walk of the trie that carries the edit distance's rows and leaves a branch once every cell of
   * its row is past `max`. A row's cells further than `max` from its diagonal are past `max`
   * whatever the letters: only the others are worked out, so a node costs the same for a long typed
   * word as for a short one. Each node visited is taken from `budget`: a walk it cannot pay for
   * finds nothing.
   */
  near(typed: string, max: number, prefix: boolean, budget: WalkBudget = { nodes: Infinity }): NearWord[] {
    const target = [...typed];
    const length = target.length;
    const past = max + 1;
    // Row `depth` at `depth * width`: the distances of the path's first `depth` letters to each beginning of `typed`.
    const width = length + 1;
    const rows = new Int32Array((length + max + 2) * width);
    for (let j = 0; j <= Math.min(length, max); j += 1) rows[j] = j;
    if (max < length) rows[max + 1] = past;
    const found: NearWord[] = [];
    const visit = (at: Node, depth: number, letter: string, previousLetter: string, closestAbove: number) => {
      budget.nodes -= 1;
      if (budget.nodes < 0) return;
      const row = depth * width;
      const above = row - width;
      const before = above - width;
      const first = Math.max(1, depth - max);
      const last = Math.min(length, depth + max);
      rows[row] = Math.min(depth, past);
      if (first > 1) rows[row + first - 1] = past;
      if (last < length) rows[row + last + 1] = past;
      let best = rows[row];
      for (let j = first; j <= last; j += 1) {
        let cell = Math.min(
          rows[row + j - 1] + 1,
          rows[above + j] + 1,
          rows[above + j - 1] + (target[j - 1] === letter ? 0 : 1),
        );
        if (depth > 1 && j > 1 && target[j - 1] === previousLetter && target[j - 2] === letter)
          cell = Math.min(cell, rows[before + j - 2] + 1);
        rows[row + j] = Math.min(cell, past);
        best = Math.min(best, rows[row + j]);
      }
      const distance = last === length ? rows[row + length] : past;
      // For a prefix, a word is as far as the closest of its beginnings, the nodes on its path.
      const closest = prefix ? Math.min(closestAbove, distance) : distance;
      if (at.word !== undefined && closest <= max)
        found.push({ word: at.word, documents: at.documents, distance: closest });
      if (best > max) {
        // No beginning longer than this one is within `max`: the words below are as close as the closest so far.
        if (prefix && closest <= max)
          for (const child of at.children.values()) collect(child, found, nearWord(closest), budget);
        return;
      }
      for (const [next, child] of at.children) visit(child, depth + 1, next, letter, closest);
    };
    for (const [letter, child] of this.root.children) visit(child, 1, letter, '', past);
    return budget.nodes < 0 ? [] : found;
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

/** `near`'s words this far away: made here, as a function made in its walk keeps the walk's variables at every node (a third slower). */
const nearWord =
  (distance: number) =>
  (word: string, documents: number): NearWord => ({ word, documents, distance });

/** Every known word at or below a node, as `entry` makes it, each node visited taken from `budget`. */
function collect<Entry>(
  at: Node,
  found: Entry[],
  entry: (word: string, documents: number) => Entry,
  budget: WalkBudget = { nodes: Infinity },
): void {
  budget.nodes -= 1;
  if (budget.nodes < 0) return;
  if (at.word !== undefined) found.push(entry(at.word, at.documents));
  for (const child of at.children.values()) collect(child, found, entry, budget);
}
