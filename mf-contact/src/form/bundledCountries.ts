import type { Country } from '@blog/shared';
import { countries } from 'countries-list';

/** Every country's calling codes from the maintained package, in the shape of the public country list. */
export function bundledCountries(): Country[] {
  return Object.values(countries).flatMap(({ phone }) => phone.map((code) => ({ idd: { root: `+${code}` } })));
}
