import { DEFAULT_PREFIX, diallingPrefixes, fetchCountries, type Country } from '@blog/shared';

/**
 * The selector's prefixes for a country list, the default among them (the public list spells +1 only
 * with its area-code suffixes), or none when the list holds no dialling code.
 */
export function prefixOptions(countries: Country[]): string[] {
  if (diallingPrefixes(countries).length === 0) return [];
  return diallingPrefixes([...countries, { idd: { root: DEFAULT_PREFIX } }]);
}

// Loaded only when needed: the bundled data would otherwise weigh on every visit to the page.
const loadBundledCountries = () => import('./bundledCountries').then((module) => module.bundledCountries());

/** The prefixes of the public country list or, when it cannot be had, of the bundled data. */
export async function loadPrefixes(loadFallback: () => Promise<Country[]> = loadBundledCountries): Promise<string[]> {
  const prefixes = prefixOptions(await fetchCountries());
  if (prefixes.length > 0) return prefixes;
  console.warn('The country list gave no dialling prefixes: offering the bundled ones');
  return prefixOptions(await loadFallback());
}
