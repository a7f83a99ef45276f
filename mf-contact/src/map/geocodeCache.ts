import { validCoordinates, type Coordinates } from '@blog/shared';

/** The part of `localStorage` the cache uses, so tests can hand in their own. */
export type CoordinateStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface GeocodeDependencies {
  /** null when the browser refuses storage: every visit then asks the geocoder. */
  storage: CoordinateStorage | null;
  geocode: (address: string) => Promise<Coordinates | null>;
}

export const cacheKey = (address: string) => `geocode:${address}`;

/** What the cache holds for the address, when it holds a usable place. */
export function cachedCoordinates(storage: CoordinateStorage, address: string): Coordinates | null {
  try {
    const stored: unknown = JSON.parse(storage.getItem(cacheKey(address)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { lat, lon } = stored as Record<string, unknown>;
    return validCoordinates(lat, lon);
  } catch {
    // Storage that throws or holds something else than JSON counts as a miss.
    return null;
  }
}

function remember(storage: CoordinateStorage, address: string, { lat, lon }: Coordinates) {
  try {
    storage.setItem(cacheKey(address), JSON.stringify({ lat, lon }));
  } catch (error) {
    // A full or refused storage only costs the next visit a geocoder call.
    console.error('Failed to cache the geocoded address', error);
  }
}

/**
 * The address's place, asking the geocoder only once per browser: a found place is kept, while a
 * failure (null) is not, so the next visit tries again.
 */
export async function geocodeOnce(
  address: string,
  { storage, geocode }: GeocodeDependencies,
): Promise<Coordinates | null> {
  const cached = storage && cachedCoordinates(storage, address);
  if (cached) return cached;
  const found = await geocode(address);
  if (found && storage) remember(storage, address, found);
  return found;
}

/** The browser's `localStorage`, or null where reading it throws (storage disabled). */
export function browserStorage(): CoordinateStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
