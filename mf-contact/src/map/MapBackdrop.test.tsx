import { createQueryClient, type ContactDetails, type Coordinates } from '@blog/shared';
import { TestReads } from '@blog/shared/testing/reads';
import { act, render, screen } from '@testing-library/react';
import { DETAILS, askedFor, stubServices } from '../testing/cms';
import { cacheKey } from './geocodeCache';
import { MapBackdrop } from './MapBackdrop';

// Leaflet needs a real browser (the browser tests see it); here the map tells where it is centred.
jest.mock('./ContactMap', () => ({
  __esModule: true,
  default: ({ centre }: { centre: Coordinates }) => <p>Map centred on {`${centre.lat}, ${centre.lon}`}</p>,
}));

const ADDRESS = 'Carrera 53 # 82-86, Barranquilla, Atlántico, Colombia';
const GEOCODER_ASKED = `geocoder: ${ADDRESS.replace('#', '')}`;
const PLACE = { lat: 10.9985, lon: -74.8125 };
const STORED = { lat: 10.9991, lon: -74.8102 };

/** The contact details with nothing stored for the address, as the CMS answers when its geocoder failed. */
const unplaced: ContactDetails = { ...DETAILS, location: ADDRESS, latitude: null, longitude: null };
const placed: ContactDetails = { ...unplaced, latitude: STORED.lat, longitude: STORED.lon };

const centredOn = ({ lat, lon }: Coordinates) => screen.findByText(`Map centred on ${lat}, ${lon}`);
const map = () => screen.getByRole('region', { name: 'Office location map' });

const renderBackdrop = (details: ContactDetails | null | undefined, client = createQueryClient()) =>
  render(<MapBackdrop details={details} />, {
    wrapper: ({ children }) => <TestReads client={client}>{children}</TestReads>,
  });

let fetched: jest.Mock;

beforeEach(() => {
  localStorage.clear();
  fetched = stubServices({ geocoder: PLACE });
});

afterEach(() => jest.restoreAllMocks());

describe('the map behind the contact page', () => {
  it('loads the map only once the band nears the viewport', async () => {
    const inView: IntersectionObserverCallback[] = [];
    jest.spyOn(window, 'IntersectionObserver').mockImplementation((callback) => {
      inView.push(callback);
      return { observe: () => undefined, disconnect: () => undefined } as unknown as IntersectionObserver;
    });
    renderBackdrop(placed);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(/Map centred on/)).toBeNull();

    act(() =>
      inView.forEach((callback) =>
        callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      ),
    );
    expect(await centredOn(STORED)).toBeInTheDocument();
  });

  it('shows the tile of the place the CMS stored from its first render, before the map loads', () => {
    jest
      .spyOn(window, 'IntersectionObserver')
      .mockImplementation(
        () => ({ observe: () => undefined, disconnect: () => undefined }) as unknown as IntersectionObserver,
      );
    renderBackdrop(placed);
    // The slippy-map tile numbers at zoom 19, as OpenStreetMap's wiki gives them.
    const tiles = 2 ** 19;
    const latitude = (STORED.lat * Math.PI) / 180;
    const x = Math.floor(((STORED.lon + 180) / 360) * tiles);
    const y = Math.floor(((1 - Math.log(Math.tan(latitude) + 1 / Math.cos(latitude)) / Math.PI) / 2) * tiles);
    const [first] = map().querySelectorAll('img');
    expect(first).toHaveAttribute('src', `https://tile.openstreetmap.org/19/${x}/${y}.png`);
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(screen.queryByText(/Map centred on/)).toBeNull();
  });

  it('shows no tile for an address still to be placed, whose place the server could not know', async () => {
    renderBackdrop(unplaced);
    expect(map().querySelector('img')).toBeNull();
    expect(await centredOn(PLACE)).toBeInTheDocument();
  });

  it('shows no map while the contact details load, then the place the CMS stored, with no geocoder call', async () => {
    const { rerender } = renderBackdrop(undefined);
    expect(map()).toBeEmptyDOMElement();

    rerender(<MapBackdrop details={placed} />);
    expect(await centredOn(STORED)).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('prefers the place the CMS stored to the one this browser cached', async () => {
    localStorage.setItem(cacheKey(ADDRESS), JSON.stringify(PLACE));
    renderBackdrop(placed);
    expect(await centredOn(STORED)).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('geocodes the address when the CMS stored no place for it, and waits for the place to show the map', async () => {
    renderBackdrop(unplaced);
    expect(map()).toBeEmptyDOMElement();
    expect(await centredOn(PLACE)).toBeInTheDocument();
    expect(askedFor(fetched)).toEqual([GEOCODER_ASKED]);
  });

  it('geocodes the address when a CMS that predates stored places answers', async () => {
    // Its answer has no such fields at all.
    const older: Partial<ContactDetails> = { ...unplaced };
    delete older.latitude;
    delete older.longitude;
    renderBackdrop(older as ContactDetails);
    expect(await centredOn(PLACE)).toBeInTheDocument();
    expect(askedFor(fetched)).toEqual([GEOCODER_ASKED]);
  });

  it.each([
    ['a latitude out of range', { latitude: 91, longitude: STORED.lon }],
    ['a longitude out of range', { latitude: STORED.lat, longitude: 181 }],
    ['a missing longitude', { latitude: STORED.lat, longitude: null }],
    ['a number that is none', { latitude: Number.NaN, longitude: STORED.lon }],
  ])('ignores %s and geocodes the address', async (_case, stored) => {
    renderBackdrop({ ...unplaced, ...stored });
    expect(await centredOn(PLACE)).toBeInTheDocument();
    expect(askedFor(fetched)).toEqual([GEOCODER_ASKED]);
  });

  it('keeps the default centre when the geocoder finds no place', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServices({ geocoder: null });
    renderBackdrop(unplaced);
    expect(await centredOn({ lat: 10.977, lon: -74.813 })).toBeInTheDocument();
    expect(localStorage.getItem(cacheKey(ADDRESS))).toBeNull();
  });

  it('keeps the default centre when the CMS gave no contact details, with no geocoder call', async () => {
    renderBackdrop(null);
    expect(await centredOn({ lat: 10.977, lon: -74.813 })).toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('asks the geocoder once a page, however often the map is shown', async () => {
    const client = createQueryClient();
    renderBackdrop(unplaced, client).unmount();
    renderBackdrop(unplaced, client);
    expect(await centredOn(PLACE)).toBeInTheDocument();
    expect(askedFor(fetched)).toEqual([GEOCODER_ASKED]);
  });

  it('places a repeat visit from the browser’s cache, with no geocoder call', async () => {
    const first = renderBackdrop(unplaced);
    await centredOn(PLACE);
    first.unmount();
    expect(JSON.parse(localStorage.getItem(cacheKey(ADDRESS)) ?? 'null')).toEqual(PLACE);

    // A new page: its own reads, this browser's storage.
    renderBackdrop(unplaced);
    expect(await centredOn(PLACE)).toBeInTheDocument();
    expect(askedFor(fetched)).toEqual([GEOCODER_ASKED]);
  });
});
