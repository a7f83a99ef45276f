import { fetchCountries } from '@blog/shared';
import { bundledPrefixes, loadPrefixes, prefixOptions } from './prefixes';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual<typeof import('@blog/shared')>('@blog/shared'),
  fetchCountries: jest.fn(),
}));

// The shape of the public country list (restcountries' idd field), as the test stand-in serves it.
const COUNTRIES = [
  { idd: { root: '+5', suffixes: ['7'] } },
  { idd: { root: '+4', suffixes: ['4'] } },
  { idd: { root: '+1', suffixes: ['201', '202'] } },
  { idd: { root: '+3', suffixes: ['4', '4'] } },
  { idd: {} },
];

let warned: jest.SpiedFunction<typeof console.warn>;

beforeEach(() => {
  warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('prefixOptions', () => {
  it('offers each root plus suffix once, in numeric order, with the default +1 among them', () => {
    expect(prefixOptions(COUNTRIES)).toEqual(['+1', '+34', '+44', '+57', '+1201', '+1202']);
  });

  it('is empty when the list holds no dialling code', () => {
    expect(prefixOptions([])).toEqual([]);
    expect(prefixOptions([{ idd: {} }, {}])).toEqual([]);
  });
});

describe('bundledPrefixes', () => {
  it('is every calling code of the bundled data, once, in numeric order, with the default +1', async () => {
    const everyBundled = await bundledPrefixes();
    expect(everyBundled.length).toBeGreaterThan(200);
    expect(everyBundled).toEqual(expect.arrayContaining(['+1', '+44', '+57', '+971', '+1268']));
    expect(new Set(everyBundled).size).toBe(everyBundled.length);
    expect(everyBundled.slice(0, 3)).toEqual(['+1', '+7', '+20']);
    expect(everyBundled.every((prefix) => /^\+\d+$/.test(prefix))).toBe(true);
  });
});

describe('loadPrefixes', () => {
  it('builds the prefixes from the configured country list', async () => {
    jest.mocked(fetchCountries).mockResolvedValue(COUNTRIES);
    await expect(loadPrefixes()).resolves.toEqual(['+1', '+34', '+44', '+57', '+1201', '+1202']);
    expect(warned).not.toHaveBeenCalled();
  });

  it.each([
    ['cannot be fetched', []],
    ['holds no dialling code', [{ idd: {} }]],
  ])('gives none, and says the bundled ones stay, when the country list %s', async (_case, countries) => {
    jest.mocked(fetchCountries).mockResolvedValue(countries);
    await expect(loadPrefixes()).resolves.toEqual([]);
    expect(warned).toHaveBeenCalled();
  });
});
