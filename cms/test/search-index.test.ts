import { MARK_END, MARK_START } from '@blog/markup';
import { closeWords, type SearchTerm } from '../src/lib/full-text';
import { SNIPPET_WORDS, TextIndex } from '../src/lib/text-index';
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

  it('finds the words within the typos asked, as the edit distance counts them', () => {
    const words = (typed: string, max: number, prefix = false) =>
      vocabulary
        .near(typed, max, prefix)
        .map(({ word }) => word)
        .sort();
    expect(words('submarnes', 1)).toEqual(['submarines']);
    expect(words('submarnes', 2)).toEqual(['submarine', 'submarines']);
    // Two neighbours swapped are one typo.
    expect(words('nvaal', 1)).toEqual(['naval']);
    expect(words('artilery', 1)).toEqual(['artillery']);
    expect(words('zzzzzz', 2)).toEqual([]);
    // A prefix: the beginning of a known word within the typos.
    expect(words('artiler', 1, true)).toEqual(['artillery']);
    expect(words('artiler', 1)).toEqual([]);
  });

  it('takes each node a walk visits from its budget, and finds nothing once the budget cannot pay', () => {
    const budget = { nodes: 1_000 };
    expect(vocabulary.near('submarnes', 2, false, budget)).toHaveLength(2);
    const visited = 1_000 - budget.nodes;
    expect(visited).toBeGreaterThan(0);
    expect(vocabulary.near('submarnes', 2, false, { nodes: visited })).toHaveLength(2);
    expect(vocabulary.near('submarnes', 2, false, { nodes: visited - 1 })).toEqual([]);
    // Walks that share a budget: the second is paid from what the first left.
    const shared = { nodes: visited + 1 };
    expect(vocabulary.near('submarnes', 2, false, shared)).toHaveLength(2);
    expect(vocabulary.near('submarnes', 2, false, shared)).toEqual([]);
  });

  it('agrees with closeWords on every word of the vocabulary', () => {
    const known = vocabulary.near('', 20, false);
    for (const typed of ['submarnes', 'navxl', 'procuremnt', 'artilary', 'subm'])
      for (const prefix of [false, true])
        expect(closeWords(typed, prefix, vocabulary.near(typed, 2, prefix), 2)).toEqual(
          closeWords(typed, prefix, known, 2),
        );
  });

  it('completes a beginning with the most used words first', () => {
    expect(vocabulary.completions('procurem', 12)).toEqual(['procurement']);
    expect(vocabulary.completions('proc', 12)).toEqual(['procurement', 'procure']);
    expect(vocabulary.completions('sub', 1)).toEqual(['submarines']);
    expect(vocabulary.completions('xyz', 12)).toEqual([]);
  });
});

describe('the text index', () => {
  const index = new TextIndex();
  const filler = (count: number) => Array.from({ length: count }, (_, at) => `word${at}`).join(' ');
  index.put('budget', { title: 'Reading a budget', topics: 'Defense Budgets', body: 'The comptroller signs it.' });
  index.put('acoustic', { title: 'Under the sea', topics: 'Naval Power', body: 'Acoustic signatures of submarines.' });
  index.put('long', { title: 'Budget talk', topics: '', body: `${filler(40)} the budget ${filler(40)}` });
  index.put('draft', { title: 'A budget', topics: '', body: 'Soon taken out.' });
  index.remove('draft');

  it('finds the documents holding every term, by stem, the last as a prefix', () => {
    expect([...index.match([term('comptroller')]).keys()]).toEqual(['budget']);
    expect([...index.match([term('submarine')]).keys()]).toEqual(['acoustic']);
    expect([...index.match([term('acoust', [], true)]).keys()]).toEqual(['acoustic']);
    expect([...index.match([term('budget'), term('comptrol', [], true)]).keys()]).toEqual(['budget']);
    expect([...index.match([term('budget'), term('submarine')]).keys()]).toEqual([]);
    expect(index.match([])).toEqual(new Map());
    expect(index.size).toBe(3);
  });

  it('takes a stand-in for a term, and forgets a document taken out', () => {
    expect([...index.match([term('submarnes', ['submarines'])]).keys()]).toEqual(['acoustic']);
    expect([...index.match([term('soon')]).keys()]).toEqual([]);
  });

  it('ranks a word of a title above the same word in a long text', () => {
    const scores = index.match([term('budget')]);
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

  it('quotes the beginning of the body when the title matched', () => {
    expect(index.snippet('budget', [term('reading')])).toBe('The comptroller signs it');
    expect(index.snippet('gone', [term('budget')])).toBe('');
  });
});
