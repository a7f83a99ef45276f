import { SubstringFilter } from '../src/lib/substring-filter';

/** A sequence of numbers in [0, 1) that is the same at every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

describe('SubstringFilter', () => {
  const random = seeded(41);
  const letters = 'abcdeéfghij k\n’';
  const text = (length: number) =>
    Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
  const texts = Array.from({ length: 2_000 }, () => text(5 + Math.floor(random() * 60)));

  it('finds every text that contains a term, in order, as `includes` does, whatever its length', () => {
    const filter = new SubstringFilter(texts);
    const terms = [
      '',
      'a',
      'é',
      'ab',
      ...Array.from({ length: 300 }, () => text(3 + Math.floor(random() * 6))),
      // Terms cut from the texts themselves: each has a text that contains it.
      ...Array.from({ length: 300 }, () => {
        const from = texts[Math.floor(random() * texts.length)];
        const at = Math.floor(random() * (from.length - 3));
        return from.slice(at, at + 3 + Math.floor(random() * 8));
      }),
    ];
    let found = 0;
    for (const term of terms) {
      const expected = texts.flatMap((each, index) => (each.includes(term) ? [index] : []));
      expect([term, filter.containing(term)]).toEqual([term, expected]);
      found += expected.length;
    }
    expect(found).toBeGreaterThan(terms.length);
  });

  it('finds a title by a word of it, and nothing for a word no title holds', () => {
    const filter = new SubstringFilter(['the shipyard problem\ndefense industry', 'rare earths\nmarkets']);
    expect(filter.containing('shipyard')).toEqual([0]);
    expect(filter.containing('markets')).toEqual([1]);
    expect(filter.containing('shipyrad')).toEqual([]);
    expect(new SubstringFilter([]).containing('any')).toEqual([]);
  });
});
