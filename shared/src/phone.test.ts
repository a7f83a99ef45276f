import { DEFAULT_PREFIX, diallingPrefixes, joinPhone } from './phone';

describe('diallingPrefixes', () => {
  it('joins each root with each suffix, once each, in numeric order', () => {
    const countries = [
      { idd: { root: '+5', suffixes: ['7'] } },
      { idd: { root: '+1', suffixes: ['201', '202'] } },
      { idd: { root: '+3', suffixes: ['4'] } },
      { idd: { root: '+5', suffixes: ['7'] } },
      { idd: { root: '+1', suffixes: ['202'] } },
      { idd: { root: '+2', suffixes: ['0', '12'] } },
    ];
    expect(diallingPrefixes(countries)).toEqual(['+20', '+34', '+57', '+212', '+1201', '+1202']);
  });

  it('uses the root alone when a country has no suffixes', () => {
    expect(diallingPrefixes([{ idd: { root: '+7', suffixes: [] } }, { idd: { root: '+44' } }])).toEqual(['+7', '+44']);
  });

  it('skips countries without a dialling code', () => {
    expect(
      diallingPrefixes([
        {},
        { idd: {} },
        { idd: { root: '', suffixes: ['1'] } },
        { idd: { root: '+9', suffixes: ['1'] } },
      ]),
    ).toEqual(['+91']);
  });
});

describe('joinPhone', () => {
  it('joins prefix and number with one space', () => {
    expect(joinPhone(DEFAULT_PREFIX, '  555 0100 ')).toBe('+1 555 0100');
  });

  it('defaults to +1', () => {
    expect(DEFAULT_PREFIX).toBe('+1');
  });
});
