import { geocode } from '@blog/shared';
import { renderHook, waitFor } from '@testing-library/react';
import { cacheKey } from './geocodeCache';
import { useMapCentre } from './useMapCentre';

jest.mock('@blog/shared', () => ({ ...jest.requireActual('@blog/shared'), geocode: jest.fn() }));

const ADDRESS = 'Carrera 53 # 82-86, Barranquilla, Atlántico, Colombia';
const PLACE = { lat: 10.9985, lon: -74.8125 };

beforeEach(() => {
  localStorage.clear();
  jest.mocked(geocode).mockReset();
});

describe('useMapCentre', () => {
  it('has no centre while the contact details load, then the geocoded place', async () => {
    jest.mocked(geocode).mockResolvedValue(PLACE);
    const { result, rerender } = renderHook(({ address }) => useMapCentre(address), {
      initialProps: { address: undefined as string | null | undefined },
    });
    expect(result.current).toBeUndefined();
    expect(geocode).not.toHaveBeenCalled();

    rerender({ address: ADDRESS });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual(PLACE));
    expect(geocode).toHaveBeenCalledWith(ADDRESS);
  });

  it('keeps the default centre when geocoding fails', async () => {
    jest.mocked(geocode).mockResolvedValue(null);
    const { result } = renderHook(() => useMapCentre(ADDRESS));
    await waitFor(() => expect(result.current).toEqual({ lat: 10.977, lon: -74.813 }));
  });

  it('keeps the default centre when the CMS gave no contact details', async () => {
    const { result } = renderHook(() => useMapCentre(null));
    await waitFor(() => expect(result.current).toEqual({ lat: 10.977, lon: -74.813 }));
    expect(geocode).not.toHaveBeenCalled();
  });

  it('places a repeat visit from the browser’s cache, with no geocoder call', async () => {
    jest.mocked(geocode).mockResolvedValue(PLACE);
    const first = renderHook(() => useMapCentre(ADDRESS));
    await waitFor(() => expect(first.result.current).toEqual(PLACE));
    first.unmount();
    expect(JSON.parse(localStorage.getItem(cacheKey(ADDRESS)) ?? 'null')).toEqual(PLACE);

    const second = renderHook(() => useMapCentre(ADDRESS));
    await waitFor(() => expect(second.result.current).toEqual(PLACE));
    expect(geocode).toHaveBeenCalledTimes(1);
  });
});
