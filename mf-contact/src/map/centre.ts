import { geocode, validCoordinates, type ContactDetails, type Coordinates } from '@blog/shared';
import { queryOptions } from '@blog/shared/query';
import { browserStorage, geocodeOnce, type GeocodeDependencies } from './geocodeCache';

/** Spec §8: where the map stays when the address cannot be placed (Barranquilla). */
export const DEFAULT_CENTRE: Coordinates = { lat: 10.977, lon: -74.813 };

/**
 * The place the CMS stored for the contact address when the details were saved, or null when it
 * stored none (or something that is no place): only then does the browser geocode the address.
 */
export function storedCentre(
  details: Pick<ContactDetails, 'latitude' | 'longitude'> | null | undefined,
): Coordinates | null {
  return details ? validCoordinates(details.latitude, details.longitude) : null;
}

/** Where the office is, as the contact details tell it: a place, or an address still to be placed. */
export type OfficePlace = { centre: Coordinates; address?: never } | { address: string; centre?: never };

/**
 * The map's centre from the contact details (null: the CMS gave none): the place the CMS stored,
 * else the address for the browser to geocode; with neither, the default centre.
 */
export function officePlace(details: Pick<ContactDetails, 'location' | 'latitude' | 'longitude'> | null): OfficePlace {
  const stored = storedCentre(details);
  if (stored) return { centre: stored };
  const address = details?.location;
  return address?.trim() ? { address } : { centre: DEFAULT_CENTRE };
}

/** The address's geocoded place, else the default centre. */
export async function geocodedCentre(address: string, dependencies: GeocodeDependencies): Promise<Coordinates> {
  return (await geocodeOnce(address, dependencies)) ?? DEFAULT_CENTRE;
}

/**
 * The browser's geocoding of the address, through this browser's cache; asked at most once a page
 * (Nominatim allows a whole site one request a second).
 */
export const geocodeQuery = (address: string) =>
  queryOptions({
    queryKey: ['geocode', address],
    queryFn: () => geocodedCentre(address, { storage: browserStorage(), geocode }),
    staleTime: Number.POSITIVE_INFINITY,
  });
