export interface Coordinates {
  lat: number;
  lon: number;
}

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The place two values name (a geocoder's answer, the CMS, the browser's cache), or null when they are no place on Earth. */
export function validCoordinates(lat: unknown, lon: unknown): Coordinates | null {
  return isCoordinate(lat, 90) && isCoordinate(lon, 180) ? { lat, lon } : null;
}
