import { validCoordinates, type ContactDetails, type Coordinates } from '@blog/shared';
import { geocodeOnce, type GeocodeDependencies } from './geocodeCache';

/** Spec §8: where the map stays when the address cannot be placed (Barranquilla). */
export const DEFAULT_CENTRE: Coordinates = { lat: 10.977, lon: -74.813 };

/**
 * The place the CMS stored for the contact address when the details were saved, or null when it
 * stored none (or something that is no place): only then does the browser geocode the address.
 */
export function storedCentre(details: Pick<ContactDetails, 'latitude' | 'longitude'> | null | undefined): Coordinates | null {
  return details ? validCoordinates(details.latitude, details.longitude) : null;
}

/** The map's centre for the contact address: its geocoded place, else the default centre. */
export async function mapCentre(address: string | null, dependencies: GeocodeDependencies): Promise<Coordinates> {
  if (!address?.trim()) return DEFAULT_CENTRE;
  return (await geocodeOnce(address, dependencies)) ?? DEFAULT_CENTRE;
}
