import { DEFAULT_CENTRE, geocodedCentre, officePlace, storedCentre } from './centre';

const storage = () => {
  const entries = new Map<string, string>();
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
  };
};

describe('geocodedCentre', () => {
  it('is the geocoded place of the address', async () => {
    const geocode = jest.fn(() => Promise.resolve({ lat: 10.9985, lon: -74.8125 }));
    await expect(geocodedCentre('Carrera 53 # 82-86, Barranquilla', { storage: storage(), geocode })).resolves.toEqual({
      lat: 10.9985,
      lon: -74.8125,
    });
  });

  it('keeps the default centre, about 10.977, -74.813, when the address cannot be placed', async () => {
    const geocode = jest.fn(() => Promise.resolve(null));
    await expect(geocodedCentre('Nowhere at all', { storage: storage(), geocode })).resolves.toEqual({
      lat: 10.977,
      lon: -74.813,
    });
  });
});

describe('officePlace', () => {
  const address = 'Carrera 53 # 82-86, Barranquilla';

  it('is the place the CMS stored, whatever the address', () => {
    expect(officePlace({ location: address, latitude: 10.9991, longitude: -74.8102 })).toEqual({
      centre: { lat: 10.9991, lon: -74.8102 },
    });
  });

  it.each([
    ['none stored', { latitude: null, longitude: null }],
    ['a CMS that predates stored places', {}],
    ['an invalid place stored', { latitude: 100, longitude: -74.8102 }],
  ])('is the address to geocode with %s', (_case, stored) => {
    expect(officePlace({ location: address, ...stored })).toEqual({ address });
  });

  it.each([
    ['no contact details', null],
    ['no address', { location: null, latitude: null, longitude: null }],
    ['a blank address', { location: '   ', latitude: null, longitude: null }],
  ])('is the default centre, with nothing to geocode, for %s', (_case, details) => {
    expect(officePlace(details)).toEqual({ centre: DEFAULT_CENTRE });
  });
});

describe('storedCentre', () => {
  it('is the place the CMS stored for the address', () => {
    expect(storedCentre({ latitude: 10.9985, longitude: -74.8125 })).toEqual({ lat: 10.9985, lon: -74.8125 });
  });

  it.each([
    [0, 0],
    [-90, 180],
    [90, -180],
  ])('takes %p, %p as a place: the edges of the map and zero are real coordinates', (latitude, longitude) => {
    expect(storedCentre({ latitude, longitude })).toEqual({ lat: latitude, lon: longitude });
  });

  it.each([
    ['no details', null],
    ['details not loaded yet', undefined],
    ['none stored', { latitude: null, longitude: null }],
    ['a CMS that predates them', {}],
    ['the latitude only', { latitude: 10.9985, longitude: null }],
    ['the longitude only', { latitude: null, longitude: -74.8125 }],
    ['a latitude out of range', { latitude: 90.5, longitude: -74.8125 }],
    ['a longitude out of range', { latitude: 10.9985, longitude: -180.5 }],
    ['not a number', { latitude: Number.NaN, longitude: -74.8125 }],
    ['an endless number', { latitude: 10.9985, longitude: Number.POSITIVE_INFINITY }],
    ['text', { latitude: '10.9985', longitude: '-74.8125' }],
  ])('is null for %s', (_case, details) => {
    expect(storedCentre(details as Parameters<typeof storedCentre>[0])).toBeNull();
  });
});
