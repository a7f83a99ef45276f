import { geocode, type ContactDetails } from '@blog/shared';
import { renderHook, waitFor } from '@testing-library/react';
import { DETAILS } from '../test-fixtures';
import { cacheKey } from './geocodeCache';
import { useMapCentre } from './useMapCentre';

jest.mock('@blog/shared', () => ({ ...jest.requireActual('@blog/shared'), geocode: jest.fn() }));

const ADDRESS = 'Carrera 53 # 82-86, Barranquilla, Atlántico, Colombia';
const PLACE = { lat: 10.9985, lon: -74.8125 };
const STORED = { lat: 10.9991, lon: -74.8102 };
const DEFAULT_CENTRE = { lat: 10.977, lon: -74.813 };

/** The contact details with nothing stored for the address, as the CMS answers when its geocoder failed. */
const unplaced: ContactDetails = { ...DETAILS, location: ADDRESS, latitude: null, longitude: null };
const placed: ContactDetails = { ...unplaced, latitude: STORED.lat, longitude: STORED.lon };

beforeEach(() => {
  localStorage.clear();
  jest.mocked(geocode).mockReset();
});

describe('useMapCentre', () => {
  it('has no centre while the contact details load, then the place the CMS stored, with no geocoder call', () => {
    const { result, rerender } = renderHook(({ details }) => useMapCentre(details), {
      initialProps: { details: undefined as ContactDetails | null | undefined },
    });
    expect(result.current).toBeUndefined();

    rerender({ details: placed });
    expect(result.current).toEqual(STORED);
    expect(geocode).not.toHaveBeenCalled();
  });

  it('prefers the place the CMS stored to the one this browser cached', () => {
    localStorage.setItem(cacheKey(ADDRESS), JSON.stringify(PLACE));
    const { result } = renderHook(() => useMapCentre(placed));
    expect(result.current).toEqual(STORED);
    expect(geocode).not.toHaveBeenCalled();
  });

  it('geocodes the address when the CMS stored no place for it', async () => {
    jest.mocked(geocode).mockResolvedValue(PLACE);
    const { result, rerender } = renderHook(({ details }) => useMapCentre(details), {
      initialProps: { details: undefined as ContactDetails | null | undefined },
    });
    expect(geocode).not.toHaveBeenCalled();

    rerender({ details: unplaced });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual(PLACE));
    expect(geocode).toHaveBeenCalledWith(ADDRESS);
  });

  it('geocodes the address when a CMS that predates stored places answers', async () => {
    jest.mocked(geocode).mockResolvedValue(PLACE);
    const { latitude, longitude, ...older } = unplaced;
    const { result } = renderHook(() => useMapCentre(older));
    await waitFor(() => expect(result.current).toEqual(PLACE));
    expect(geocode).toHaveBeenCalledWith(ADDRESS);
  });

  it.each([
    ['a latitude out of range', { latitude: 91, longitude: STORED.lon }],
    ['a longitude out of range', { latitude: STORED.lat, longitude: 181 }],
    ['a missing longitude', { latitude: STORED.lat, longitude: null }],
    ['a number that is none', { latitude: Number.NaN, longitude: STORED.lon }],
  ])('ignores %s and geocodes the address', async (_case, stored) => {
    jest.mocked(geocode).mockResolvedValue(PLACE);
    const { result } = renderHook(() => useMapCentre({ ...unplaced, ...stored }));
    await waitFor(() => expect(result.current).toEqual(PLACE));
    expect(geocode).toHaveBeenCalledWith(ADDRESS);
  });

  it('keeps the default centre when geocoding fails', async () => {
    jest.mocked(geocode).mockResolvedValue(null);
    const { result } = renderHook(() => useMapCentre(unplaced));
    await waitFor(() => expect(result.current).toEqual(DEFAULT_CENTRE));
  });

  it('keeps the default centre when the CMS gave no contact details', async () => {
    const { result } = renderHook(() => useMapCentre(null));
    await waitFor(() => expect(result.current).toEqual(DEFAULT_CENTRE));
    expect(geocode).not.toHaveBeenCalled();
  });

  it('places a repeat visit from the browser’s cache, with no geocoder call', async () => {
    jest.mocked(geocode).mockResolvedValue(PLACE);
    const first = renderHook(() => useMapCentre(unplaced));
    await waitFor(() => expect(first.result.current).toEqual(PLACE));
    first.unmount();
    expect(JSON.parse(localStorage.getItem(cacheKey(ADDRESS)) ?? 'null')).toEqual(PLACE);

    const second = renderHook(() => useMapCentre(unplaced));
    await waitFor(() => expect(second.result.current).toEqual(PLACE));
    expect(geocode).toHaveBeenCalledTimes(1);
  });
});
