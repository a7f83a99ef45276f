import { DEFAULT_CENTRE, mapCentre } from './centre';

const storage = () => {
  const entries = new Map<string, string>();
  return { getItem: (key: string) => entries.get(key) ?? null, setItem: (key: string, value: string) => void entries.set(key, value) };
};

describe('mapCentre', () => {
  it('is the geocoded place of the address', async () => {
    const geocode = jest.fn(async () => ({ lat: 10.9985, lon: -74.8125 }));
    await expect(mapCentre('Carrera 53 # 82-86', { storage: storage(), geocode })).resolves.toEqual({ lat: 10.9985, lon: -74.8125 });
  });

  it('keeps the default centre, about 10.977, -74.813, when the address cannot be placed', async () => {
    const geocode = jest.fn(async () => null);
    await expect(mapCentre('Nowhere at all', { storage: storage(), geocode })).resolves.toEqual({ lat: 10.977, lon: -74.813 });
  });

  it.each([null, '', '   '])('keeps the default centre without asking the geocoder for the address %p', async (address) => {
    const geocode = jest.fn(async () => ({ lat: 1, lon: 1 }));
    await expect(mapCentre(address, { storage: storage(), geocode })).resolves.toBe(DEFAULT_CENTRE);
    expect(geocode).not.toHaveBeenCalled();
  });
});
