import type { Coordinates } from '@blog/shared';
import { cacheKey, geocodeOnce, type CoordinateStorage } from './geocodeCache';

const PLACE: Coordinates = { lat: 10.9985, lon: -74.8125 };
const ADDRESS = 'Carrera 53 # 82-86, Barranquilla';

function memoryStorage(entries: Record<string, string> = {}): CoordinateStorage & { entries: Record<string, string> } {
  return {
    entries,
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => {
      entries[key] = value;
    },
  };
}

const geocoderAnswering = (answer: Coordinates | null) => jest.fn(() => Promise.resolve(answer));

afterEach(() => jest.restoreAllMocks());

describe('geocodeOnce', () => {
  it('asks the geocoder on the first visit only, then answers from the cache', async () => {
    const storage = memoryStorage();
    const geocode = geocoderAnswering(PLACE);
    await expect(geocodeOnce(ADDRESS, { storage, geocode })).resolves.toEqual(PLACE);
    await expect(geocodeOnce(ADDRESS, { storage, geocode })).resolves.toEqual(PLACE);
    expect(geocode).toHaveBeenCalledTimes(1);
    expect(geocode).toHaveBeenCalledWith(ADDRESS);
    expect(JSON.parse(storage.entries[cacheKey(ADDRESS)])).toEqual(PLACE);
  });

  it('keeps one place per address', async () => {
    const storage = memoryStorage({ [cacheKey('Elsewhere')]: JSON.stringify({ lat: 1, lon: 2 }) });
    const geocode = geocoderAnswering(PLACE);
    await expect(geocodeOnce(ADDRESS, { storage, geocode })).resolves.toEqual(PLACE);
    await expect(geocodeOnce('Elsewhere', { storage, geocode })).resolves.toEqual({ lat: 1, lon: 2 });
    expect(geocode).toHaveBeenCalledTimes(1);
  });

  it('does not remember a failure, so the next visit asks again', async () => {
    const storage = memoryStorage();
    const geocode = geocoderAnswering(null);
    await expect(geocodeOnce(ADDRESS, { storage, geocode })).resolves.toBeNull();
    await expect(geocodeOnce(ADDRESS, { storage, geocode })).resolves.toBeNull();
    expect(geocode).toHaveBeenCalledTimes(2);
    expect(storage.entries).toEqual({});
  });

  it.each([
    ['not JSON', '{lat'],
    ['out of range', JSON.stringify({ lat: 91, lon: 0 })],
    ['not numbers', JSON.stringify({ lat: '10.9', lon: '-74.8' })],
    ['not a place', 'null'],
  ])('asks the geocoder again when the cache holds something %s', async (_case, stored) => {
    const storage = memoryStorage({ [cacheKey(ADDRESS)]: stored });
    const geocode = geocoderAnswering(PLACE);
    await expect(geocodeOnce(ADDRESS, { storage, geocode })).resolves.toEqual(PLACE);
    expect(geocode).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.entries[cacheKey(ADDRESS)])).toEqual(PLACE);
  });

  it('still places the address when the storage refuses to be written (logged)', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage: CoordinateStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    await expect(geocodeOnce(ADDRESS, { storage, geocode: geocoderAnswering(PLACE) })).resolves.toEqual(PLACE);
    expect(logged).toHaveBeenCalled();
  });

  it('asks the geocoder every time when the browser gives no storage', async () => {
    const geocode = geocoderAnswering(PLACE);
    await geocodeOnce(ADDRESS, { storage: null, geocode });
    await geocodeOnce(ADDRESS, { storage: null, geocode });
    expect(geocode).toHaveBeenCalledTimes(2);
  });
});
