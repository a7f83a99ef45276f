import { MARK_END, MARK_START } from '@blog/markup';
import {
  closeWords,
  correction,
  correctionTypos,
  editDistance,
  indexKey,
  searchWords,
  snippetHtml,
  textTokens,
  textWords,
  typoLookups,
  typosAllowed,
} from '../src/lib/full-text';
import { facetCounts } from '../src/api/read-model/services/article-search';

describe('the words of a search', () => {
  it('keeps letters and digits of any script, lower-cased; everything else separates', () => {
    expect(searchWords('"NEAR(a* OR -b:c^d)" %x_y')).toEqual(['near', 'a', 'or', 'b', 'c', 'd', 'x', 'y']);
    expect(searchWords('Énergie 2027 שלום 🚀 naïve')).toEqual(['énergie', '2027', 'שלום', 'naïve']);
    expect(searchWords(' "\' ( ) * : ^ % _ ')).toEqual([]);
  });

  it('looks for 16 words at most', () => {
    expect(searchWords('w '.repeat(500))).toHaveLength(16);
  });
});

describe('the keys of words', () => {
  it('files a word without its accents and its English ending', () => {
    expect(indexKey('procurement')).toBe(indexKey('procure'));
    expect(indexKey('magnets')).toBe(indexKey('magnet'));
    expect(indexKey('énergies')).toBe(indexKey('energie'));
    expect(indexKey('naval')).not.toBe(indexKey('navel'));
  });

  it('knows where each word of a text stands', () => {
    expect(textTokens('Naval, submarines!')).toEqual([
      { key: 'naval', start: 0, end: 5 },
      { key: indexKey('submarines'), start: 7, end: 17 },
    ]);
  });
});

describe('typos', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one each', () => {
    expect(editDistance('submarnes', 'submarines', 2)).toBe(1);
    expect(editDistance('artilery', 'artillery', 2)).toBe(1);
    expect(editDistance('ceasfeire', 'ceasefire', 2)).toBe(1);
    expect(editDistance('caesfire', 'ceasefire', 2)).toBe(2);
    expect(editDistance('hangar', 'hnagar', 2)).toBe(1);
    expect(editDistance('naval', 'naval', 0)).toBe(0);
    expect(editDistance('énergie', 'energie', 1)).toBe(1);
  });

  it('stops as soon as the distance is more than asked', () => {
    expect(editDistance('comptroller', 'acoustic', 2)).toBe(3);
    expect(editDistance('a', 'abcdef', 1)).toBe(2);
  });

  it('allows one typo from 5 letters and two from 9; shorter words none; a correction one more', () => {
    expect(['navy', 'naval', 'artillery', 'submarine', 'crane'].map(typosAllowed)).toEqual([0, 1, 2, 2, 1]);
    expect(['at', 'navy', 'naval', 'artillery'].map(correctionTypos)).toEqual([0, 1, 2, 3]);
  });

  it('looks a word longer than any word of a text up for no typo', () => {
    const longest = 'a'.repeat(20);
    expect([longest, `${longest}a`].map(typosAllowed)).toEqual([2, 0]);
    expect([longest, `${longest}a`].map(correctionTypos)).toEqual([3, 0]);
  });

  it('looks up the typos of three words of a search at most: the first no article holds, long enough to correct', () => {
    const isKnown = (word: string) => ['naval', 'cyber'].includes(word);
    expect(
      typoLookups(['naval', 'navl', 'at', 'cybr', 'x'.repeat(21), 'artilery', 'shels', 'comptroler'], isKnown),
    ).toEqual([false, true, false, true, false, true, false, false]);
  });

  const known = [
    { word: 'submarines', documents: 3 },
    { word: 'submarine', documents: 5 },
    { word: 'artillery', documents: 4 },
    { word: 'naval', documents: 9 },
    { word: 'navel', documents: 1 },
  ];

  it('finds the known words within a word’s typos, closest then most used first', () => {
    expect(closeWords('submarnes', false, known)).toEqual(['submarines', 'submarine']);
    expect(closeWords('navl', false, known)).toEqual([]);
    expect(closeWords('navxl', false, known)).toEqual(['naval', 'navel']);
    expect(closeWords('navl', false, known, 1)).toEqual(['naval', 'navel']);
  });

  it('compares a prefix with the beginnings of the known words', () => {
    expect(closeWords('artiler', true, known)).toEqual(['artillery']);
    expect(closeWords('artiler', false, known)).toEqual([]);
  });

  it('corrects the words no article holds, or says there is nothing to correct', () => {
    const isKnown = (word: string) => known.some((entry) => entry.word === word);
    expect(correction(['naval', 'artilary'], isKnown, known)).toBe('naval artillery');
    expect(correction(['navl'], isKnown, known)).toBe('naval');
    expect(correction(['naval'], isKnown, known)).toBeNull();
    expect(correction(['zzzzzzz'], isKnown, known)).toBeNull();
  });

  it('corrects the first three words looked up for their typos, and leaves the others as typed', () => {
    const isKnown = (word: string) => known.some((entry) => entry.word === word);
    expect(correction(['navl', 'navxl', 'artilary', 'submarnes'], isKnown, known)).toBe(
      'naval naval artillery submarnes',
    );
  });

  it('knows a text’s words once each, lower-cased', () => {
    expect([...textWords('Naval naval, NAVAL-cyber 2027')]).toEqual(['naval', 'cyber', '2027']);
  });
});

describe('a snippet', () => {
  it('escapes the text and makes only the marked words <mark>, on one line', () => {
    const marked = `<script>alert("x")</script> & the\n${MARK_START}comptroller${MARK_END}'s`;
    expect(snippetHtml(marked)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; the <mark>comptroller</mark>&#39;s',
    );
    expect(snippetHtml('<mark>not ours</mark>')).toBe('&lt;mark&gt;not ours&lt;/mark&gt;');
  });
});

describe('the facets of what a search found', () => {
  const found = [
    { year: 2026, topics: ['Cyber', 'Markets'] },
    { year: 2026, topics: ['Naval Power'] },
    { year: 2025, topics: ['Cyber'] },
    { year: 2024, topics: [] },
  ];

  it('counts each topic and each year: topics most first then by name, years latest first', () => {
    expect(facetCounts(found, { topic: '', year: null })).toEqual({
      topics: [
        { value: 'Cyber', count: 2 },
        { value: 'Markets', count: 1 },
        { value: 'Naval Power', count: 1 },
      ],
      years: [
        { value: 2026, count: 2 },
        { value: 2025, count: 1 },
        { value: 2024, count: 1 },
      ],
    });
  });

  it('counts the topics within the year narrowed to, and the years within the topic', () => {
    expect(facetCounts(found, { topic: 'Cyber', year: 2026 })).toEqual({
      topics: [
        { value: 'Cyber', count: 1 },
        { value: 'Markets', count: 1 },
        { value: 'Naval Power', count: 1 },
      ],
      years: [
        { value: 2026, count: 1 },
        { value: 2025, count: 1 },
      ],
    });
  });
});
