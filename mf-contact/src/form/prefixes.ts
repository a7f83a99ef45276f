import { DEFAULT_PREFIX, diallingPrefixes, fetchCountries, type Country } from '@blog/shared';
import { queryOptions } from '@blog/shared/query';
import { bundledCountries } from './bundledCountries';

/**
 * The selector's prefixes for a country list, the default among them (the public list spells +1 only
 * with its area-code suffixes), or none when the list holds no dialling code.
 */
export function prefixOptions(countries: Country[]): string[] {
  if (diallingPrefixes(countries).length === 0) return [];
  return diallingPrefixes([...countries, { idd: { root: DEFAULT_PREFIX } }]);
}

/**
 * Every prefix of the bundled data: what the server renders and the browser first shows (the same
 * page for both), and what stays when the configured country list cannot be had.
 */
export const BUNDLED_PREFIXES: readonly string[] = prefixOptions(bundledCountries());

/** The prefixes of the configured country list or, when it gives none, the bundled ones. */
export async function loadPrefixes(): Promise<readonly string[]> {
  const prefixes = prefixOptions(await fetchCountries());
  if (prefixes.length > 0) return prefixes;
  console.warn('The country list gave no dialling prefixes: offering the bundled ones');
  return BUNDLED_PREFIXES;
}

/** Asked for once a page: the country list does not change while it is open. */
export const prefixesQuery = () =>
  queryOptions({ queryKey: ['dialling-prefixes'], queryFn: loadPrefixes, staleTime: Number.POSITIVE_INFINITY });
