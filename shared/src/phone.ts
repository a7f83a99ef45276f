import type { Country } from './types';

export const DEFAULT_PREFIX = '+1';

/** Every international dialling prefix (root plus suffix) of the country list, once, in numeric order. */
export function diallingPrefixes(countries: Country[]): string[] {
  const prefixes = new Set<string>();
  for (const { idd } of countries) {
    if (!idd?.root) continue;
    const suffixes = idd.suffixes?.length ? idd.suffixes : [''];
    for (const suffix of suffixes) prefixes.add(idd.root + suffix);
  }
  return [...prefixes].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The phone as the contact message stores it (spec §3). */
export function joinPhone(prefix: string, number: string): string {
  return `${prefix} ${number.trim()}`;
}
