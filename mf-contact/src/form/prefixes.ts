import { BUNDLED_READ, DEFAULT_PREFIX, diallingPrefixes, fetchCountries, type Country } from '@blog/shared';
import { queryOptions } from '@blog/shared/query';

/**
 * The selector's prefixes for a country list, the default among them (the public list spells +1 only
 * with its area-code suffixes), or none when the list holds no dialling code.
 */
export function prefixOptions(countries: Country[]): string[] {
  if (diallingPrefixes(countries).length === 0) return [];
  return diallingPrefixes([...countries, { idd: { root: DEFAULT_PREFIX } }]);
}

/**
 * Every prefix of the bundled data. The data is a chunk of its own (11 KB gzip): the server reads it
 * and sends the prefixes in the page's reads, so a browser downloads it only where those are missing.
 */
export async function bundledPrefixes(): Promise<readonly string[]> {
  const { bundledCountries } = await import('./bundledCountries');
  return prefixOptions(bundledCountries());
}

/**
 * The bundled prefixes: what the server renders and the browser first shows (the same page for
 * both), and what stays when the configured country list gives none.
 */
export const bundledPrefixesQuery = () =>
  queryOptions({
    queryKey: [BUNDLED_READ, 'dialling-prefixes'],
    queryFn: bundledPrefixes,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The prefixes of the configured country list: none when it cannot be had or holds no dialling code. */
export async function loadPrefixes(): Promise<readonly string[]> {
  const prefixes = prefixOptions(await fetchCountries());
  if (prefixes.length === 0) console.warn('The country list gave no dialling prefixes: offering the bundled ones');
  return prefixes;
}

/** Asked for once a page: the country list does not change while it is open. */
export const prefixesQuery = () =>
  queryOptions({ queryKey: ['dialling-prefixes'], queryFn: loadPrefixes, staleTime: Number.POSITIVE_INFINITY });
