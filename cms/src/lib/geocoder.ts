export interface Place {
  latitude: number;
  longitude: number;
}

export interface GeocoderOptions {
  /** A Nominatim-compatible search address; empty turns geocoding off. */
  url: string;
  /** Nominatim's usage policy asks every application to identify itself. */
  userAgent: string;
  /** The policy allows at most one request per second. */
  minIntervalMs: number;
  timeoutMs: number;
}

export interface GeocoderDependencies {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const defaultDependencies: GeocoderDependencies = {
  fetch: (...args) => fetch(...args),
  now: Date.now,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const within = (value: number, limit: number) => Number.isFinite(value) && Math.abs(value) <= limit;

/** The first result's place, or null when the answer holds no valid place. */
export function firstPlace(answer: unknown): Place | null {
  const first: unknown = Array.isArray(answer) ? answer[0] : undefined;
  if (typeof first !== 'object' || first === null) return null;
  const { lat, lon } = first as { lat?: unknown; lon?: unknown };
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (lat === null || lon === null || !within(latitude, 90) || !within(longitude, 180)) return null;
  return { latitude, longitude };
}

/**
 * Geocodes an address (with any '#' removed, as the site always did), one request at a time and at
 * most one per `minIntervalMs`. Resolves to null when nothing is found; rejects when the geocoder fails.
 */
export function createGeocoder(options: GeocoderOptions, dependencies: GeocoderDependencies = defaultDependencies) {
  let lastRequestAt = Number.NEGATIVE_INFINITY;
  let queue: Promise<unknown> = Promise.resolve();

  async function request(address: string): Promise<Place | null> {
    const wait = lastRequestAt + options.minIntervalMs - dependencies.now();
    if (wait > 0) await dependencies.sleep(wait);
    lastRequestAt = dependencies.now();
    const query = new URLSearchParams({ format: 'json', limit: '1', q: address.replaceAll('#', '').trim() });
    const response = await dependencies.fetch(`${options.url}${options.url.includes('?') ? '&' : '?'}${query}`, {
      headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw new Error(`The geocoder answered ${response.status}`);
    return firstPlace(await response.json());
  }

  return {
    enabled: options.url !== '',
    locate(address: string): Promise<Place | null> {
      const result = queue.then((): Promise<Place | null> => request(address));
      queue = result.catch((): void => undefined);
      return result;
    },
  };
}

export type Geocoder = ReturnType<typeof createGeocoder>;
