import { MARK_END, MARK_START } from '@blog/markup';
import {
  closeWords,
  correction,
  correctionTypos,
  indexKey,
  searchWords,
  snippetHtml,
  textTokens,
  textWords,
  typoLookups,
  typosAllowed,
} from '../src/lib/full-text';
import { facetCounts } from '../src/api/read-model/services/article-search';
import { Vocabulary } from '../src/lib/vocabulary';

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

  const vocabulary = new Vocabulary();
  const documents = {
    submarines: 3,
    submarine: 5,
    artillery: 4,
    naval: 9,
    navel: 1,
    defence: 1,
    defense: 3,
    defensive: 3,
  };
  for (const [word, count] of Object.entries(documents))
    for (let article = 0; article < count; article += 1) vocabulary.count([word], 1);
  const isKnown = (word: string) => vocabulary.has(word);
  const near = (word: string, max: number) => vocabulary.near(word, max, false);

  it('ranks the known words within a word’s typos closest first, then most used', () => {
    expect(closeWords(near('submarnes', 2))).toEqual(['submarines', 'submarine']);
    expect(closeWords(near('navxl', 1))).toEqual(['naval', 'navel']);
    expect(closeWords(near('navl', 1))).toEqual(['naval', 'navel']);
  });

  it('compares a prefix with the beginnings of the known words, the closest beginning ranking it', () => {
    expect(closeWords(vocabulary.near('artiler', 1, true))).toEqual(['artillery']);
    expect(closeWords(near('artiler', 1))).toEqual([]);
    // `defence` begins with `defenc`; the more used `defense` and `defensive` are a typo from it.
    expect(closeWords(vocabulary.near('defenc', 1, true))).toEqual(['defence', 'defense', 'defensive']);
  });

  it('corrects the words no article holds, or says there is nothing to correct', () => {
    expect(correction(['naval', 'artilary'], isKnown, near)).toBe('naval artillery');
    expect(correction(['navl'], isKnown, near)).toBe('naval');
    expect(correction(['naval'], isKnown, near)).toBeNull();
    expect(correction(['zzzzzzz'], isKnown, near)).toBeNull();
  });

  it('corrects the first three words looked up for their typos, and leaves the others as typed', () => {
    expect(correction(['navl', 'navxl', 'artilary', 'submarnes'], isKnown, near)).toBe(
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
