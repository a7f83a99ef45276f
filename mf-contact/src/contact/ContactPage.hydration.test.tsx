// The browser hydrating what the server sent: the same HTML from the embedded reads, then the map,
// the country list and (without a stored place) the geocoder, all after the first render.
import type { Coordinates } from '@blog/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { COUNTRIES, COVER, DETAILS, PLACED, askedFor, stubServices } from '../testing/cms';
import { hydrateInBrowser, renderOnServer } from '@blog/shared/testing/server';
import { ContactPage } from './ContactPage';
import { contactPage } from './page';

jest.mock('../map/ContactMap', () => ({
  __esModule: true,
  default: ({ centre }: { centre: Coordinates }) => <p>Map centred on {`${centre.lat}, ${centre.lon}`}</p>,
}));

let root: Root | undefined;
let errors: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  errors = jest.spyOn(console, 'error');
});

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

/** The server's page for the CMS holding `details`, hydrated in this document. */
async function hydratedPage(details: object) {
  const fetched = stubServices({
    cms: { 'contact-details': details, 'cover-contact-mes': COVER },
    countries: COUNTRIES,
    geocoder: { lat: 10.9985, lon: -74.8125 },
  });
  const server = await renderOnServer(<ContactPage />, contactPage, '/Contact');
  fetched.mockClear();
  const hydrated = await act(() => Promise.resolve(hydrateInBrowser(<ContactPage />, server, '/Contact')));
  root = hydrated.root;
  return { fetched, shownByServer: hydrated.served };
}

const offered = () =>
  within(screen.getByRole('combobox', { name: 'International prefix' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the contact page hydrated in the browser', () => {
  it('takes over the server’s HTML unchanged, then shows the map on the stored place and the country list’s prefixes', async () => {
    const { fetched, shownByServer } = await hydratedPage(PLACED);
    expect(shownByServer).toContain('Get in Touch');
    expect(screen.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeInTheDocument();
    expect(await screen.findByText('Map centred on 10.9991, -74.8102')).toBeInTheDocument();
    await waitFor(() => expect(offered()).toEqual(['+1', '+44', '+57']));
    // The CMS's reads came with the page: the browser asks only for the country list.
    expect(askedFor(fetched)).toEqual(['countries']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('geocodes the address after hydrating when the CMS stored no place', async () => {
    const { fetched } = await hydratedPage(DETAILS);
    expect(await screen.findByText('Map centred on 10.9985, -74.8125')).toBeInTheDocument();
    expect(askedFor(fetched).sort()).toEqual(['countries', 'geocoder: Carrera 53  82-86, Barranquilla']);
    expect(errors).not.toHaveBeenCalled();
  });
});
