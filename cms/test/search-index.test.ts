import { MARK_END, MARK_START } from '@blog/markup';
import { bestFirst, type IndexedArticle, type TextMatch } from '../src/lib/article-search-index';
import { type SearchTerm } from '../src/lib/full-text';
import { SNIPPET_WORDS, TextIndex, type Scored } from '../src/lib/text-index';
import { Vocabulary } from '../src/lib/vocabulary';

const term = (word: string, also: string[] = [], prefix = false): SearchTerm => ({ word, prefix, also });
const marked = (snippet: string) =>
  [...snippet.matchAll(new RegExp(`${MARK_START}([^${MARK_END}]*)${MARK_END}`, 'g'))].map(([, word]) => word);

describe('the vocabulary', () => {
  const vocabulary = new Vocabulary();
  vocabulary.count(['submarines', 'submarine', 'naval', 'navel', 'artillery', 'procurement', 'procure'], 1);
  vocabulary.count(['submarines', 'naval', 'procurement'], 1);

  it('knows the words some article holds, and forgets one no article holds any more', () => {
    const counted = new Vocabulary();
    counted.count(['naval'], 1);
    counted.count(['naval'], 1);
    counted.count(['naval'], -1);
    expect(counted.has('naval')).toBe(true);
    counted.count(['naval'], -1);
    expect(counted.has('naval')).toBe(false);
    expect(counted.near('navl', 1, false)).toEqual([]);
    expect(counted.has('nav')).toBe(false);
  });

  it('counts out a word it never held without touching a shorter one on its path', () => {
    const counted = new Vocabulary();
    counted.count(['naval'], 1);
    counted.count(['navalist'], -1);
    expect(counted.has('naval')).toBe(true);
  });

  it('finds the words within the typos asked, each with its distance', () => {
    const distances = (typed: string, max: number, prefix = false) =>
      Object.fromEntries(vocabulary.near(typed, max, prefix).map(({ word, distance }) => [word, distance]));
    expect(distances('submarnes', 1)).toEqual({ submarines: 1 });
    expect(distances('submarnes', 2)).toEqual({ submarines: 1, submarine: 2 });
    // Two neighbours swapped are one typo.
    expect(distances('nvaal', 1)).toEqual({ naval: 1 });
    expect(distances('artilery', 1)).toEqual({ artillery: 1 });
    expect(distances('zzzzzz', 2)).toEqual({});
    // A prefix: the beginning of a known word within the typos.
    expect(distances('artiler', 1, true)).toEqual({ artillery: 1 });
    expect(distances('artiler', 1)).toEqual({});
    // From the closest beginning: `procure` is a typo from `procurem`, which `procurement` begins with.
    expect(distances('procurem', 1, true)).toEqual({ procure: 1, procurement: 0 });
  });

  it('counts insertions, deletions, substitutions and swapped neighbours as one typo each, an accent as a letter', () => {
    const words = new Vocabulary();
    words.count(['ceasefire', 'hangar', 'energie', 'acoustic', 'abcdef'], 1);
    const distance = (typed: string, max: number) => words.near(typed, max, false).map(({ distance }) => distance);
    expect(distance('ceasfeire', 2)).toEqual([1]);
    expect(distance('caesfire', 2)).toEqual([2]);
    expect(distance('hnagar', 2)).toEqual([1]);
    expect(distance('hangar', 0)).toEqual([0]);
    expect(distance('énergie', 1)).toEqual([1]);
    expect(distance('comptroller', 2)).toEqual([]);
    expect(distance('a', 1)).toEqual([]);
  });

  // A prefix's walk also pays for the words below a beginning within its typos (`proc`: procure, procurement).
  it.each([
    ['submarnes', 2, false],
    ['proc', 1, true],
  ])(
    'takes each node a walk for %s visits from its budget, and finds nothing once the budget cannot pay',
    (typed, max, prefix) => {
      const budget = { nodes: 1_000 };
      expect(vocabulary.near(typed, max, prefix, budget)).toHaveLength(2);
      const visited = 1_000 - budget.nodes;
      expect(visited).toBeGreaterThan(0);
      expect(vocabulary.near(typed, max, prefix, { nodes: visited })).toHaveLength(2);
      expect(vocabulary.near(typed, max, prefix, { nodes: visited - 1 })).toEqual([]);
      // Walks that share a budget: the second is paid from what the first left.
      const shared = { nodes: visited + 1 };
      expect(vocabulary.near(typed, max, prefix, shared)).toHaveLength(2);
      expect(vocabulary.near(typed, max, prefix, shared)).toEqual([]);
    },
  );

  it('takes each node of the words a prefix’s walk finds from its budget once', () => {
    const one = new Vocabulary();
    one.count(['procurement'], 1);
    const budget = { nodes: 100 };
    expect(one.near('proc', 1, true, budget)).toEqual([{ word: 'procurement', documents: 1, distance: 0 }]);
    expect(100 - budget.nodes).toBe('procurement'.length);
  });

  it('completes a beginning with the most used words first', () => {
    expect(vocabulary.completions('procurem', 12)).toEqual(['procurement']);
    expect(vocabulary.completions('proc', 12)).toEqual(['procurement', 'procure']);
    expect(vocabulary.completions('sub', 1)).toEqual(['submarines']);
    expect(vocabulary.completions('xyz', 12)).toEqual([]);
  });
});

describe('the text index', () => {
  const ids = (matches: Scored<string>[]) => matches.map(({ owner }) => owner);
  const index = new TextIndex<string>();
  const filler = (count: number) => Array.from({ length: count }, (_, at) => `word${at}`).join(' ');
  index.put(
    'budget',
    { title: 'Reading a budget', topics: 'Defense Budgets', body: 'The comptroller signs it.' },
    'budget',
  );
  index.put(
    'acoustic',
    { title: 'Under the sea', topics: 'Naval Power', body: 'Acoustic signatures of submarines.' },
    'acoustic',
  );
  index.put('long', { title: 'Budget talk', topics: '', body: `${filler(40)} the budget ${filler(40)}` }, 'long');
  index.put('draft', { title: 'A budget', topics: '', body: 'Soon taken out.' }, 'draft');
  index.remove('draft');

  it('finds the documents holding every term, by stem, the last as a prefix', () => {
    expect(ids(index.match([term('comptroller')]))).toEqual(['budget']);
    expect(ids(index.match([term('submarine')]))).toEqual(['acoustic']);
    expect(ids(index.match([term('acoust', [], true)]))).toEqual(['acoustic']);
    expect(ids(index.match([term('budget'), term('comptrol', [], true)]))).toEqual(['budget']);
    expect(ids(index.match([term('budget'), term('submarine')]))).toEqual([]);
    expect(index.match([])).toEqual([]);
    expect(index.size).toBe(3);
  });

  it('takes a stand-in for a term, and forgets a document taken out', () => {
    expect(ids(index.match([term('submarnes', ['submarines'])]))).toEqual(['acoustic']);
    expect(ids(index.match([term('soon')]))).toEqual([]);
    // Holding a term twice, by its word and a stand-in, is not holding another term.
    expect(ids(index.match([term('acoustic', ['submarines']), term('budget')]))).toEqual([]);
  });

  it('ranks a word of a title above the same word in a long text', () => {
    const scores = new Map(index.match([term('budget')]).map(({ owner, score }) => [owner, score]));
    expect(scores.get('budget')).toBeGreaterThan(scores.get('long') ?? Infinity);
  });

  it('quotes at most 30 words of the body around the matches, marked, with … where it goes on', () => {
    const snippet = index.snippet('long', [term('budget')]);
    expect(marked(snippet)).toEqual(['budget']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.split(/\s+/)).toHaveLength(SNIPPET_WORDS);
    expect(marked(index.snippet('acoustic', [term('submarine'), term('acoust', [], true)]))).toEqual([
      'Acoustic',
      'submarines',
    ]);
  });

  it('finds a document put in place of one taken out, and a document put again by its new text only', () => {
    const changing = new TextIndex<string>();
    changing.put('first', { title: 'Frigates', topics: '', body: 'Hulls and radars.' }, 'first');
    changing.put('second', { title: 'Tanks', topics: '', body: 'Armour and engines.' }, 'second');
    changing.remove('first');
    changing.put('third', { title: 'Drones', topics: '', body: 'Radars and engines.' }, 'third');
    changing.put('second', { title: 'Tanks', topics: '', body: 'Tracks.' }, 'second');
    expect(ids(changing.match([term('radar')]))).toEqual(['third']);
    expect(ids(changing.match([term('engine')]))).toEqual(['third']);
    expect(ids(changing.match([term('hull')]))).toEqual([]);
    expect(marked(changing.snippet('third', [term('engin', [], true)]))).toEqual(['engines']);
    expect(changing.text('second')).toEqual({ title: 'Tanks', topics: '', body: 'Tracks.' });
    expect(changing.size).toBe(2);
  });

  it('quotes the beginning of the body when the title matched', () => {
    expect(index.snippet('budget', [term('reading')])).toBe('The comptroller signs it');
    expect(index.snippet('gone', [term('budget')])).toBe('');
  });
});

describe('a page of ranked matches', () => {
  // Scores from a few values: many matches as good as each other, ordered by their ids.
  const matches: TextMatch[] = Array.from({ length: 1_000 }, (_, at) => ({
    article: { documentId: `doc-${(at * 7919) % 1_000}` } as IndexedArticle,
    score: (at * 31) % 17,
  }));
  const ranked = [...matches]
    .sort((x, y) => y.score - x.score || (x.article.documentId < y.article.documentId ? -1 : 1))
    .map(({ article }) => article.documentId);

  it.each([0, 1, 12, 100, 249, 250, 999, 1_000, 1_200])(
    'is the %i best of every match ranked, in their order',
    (count) => {
      expect(bestFirst(matches, count).map(({ documentId }) => documentId)).toEqual(ranked.slice(0, count));
    },
  );

  it('is nothing when a page starts past the matches', () => {
    expect(bestFirst(matches, -12)).toEqual([]);
  });
});
