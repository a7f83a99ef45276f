import { createQueryClient, queries, type Coordinates } from '@blog/shared';
import { TestReads } from '@blog/shared/testing/reads';
import { render, screen } from '@testing-library/react';
import { COUNTRIES, COVER, DETAILS, PLACED, askedFor, stubServices, type StandIns } from '../testing/cms';
import { ContactPage } from './ContactPage';

// Leaflet needs a real browser (the browser tests see it); here the map tells where it is centred.
jest.mock('../map/ContactMap', () => ({
  __esModule: true,
  default: ({ centre }: { centre: Coordinates }) => <p>Map centred on {`${centre.lat}, ${centre.lon}`}</p>,
}));

const renderPage = (client = createQueryClient()) =>
  render(
    <TestReads client={client}>
      <ContactPage />
    </TestReads>,
  );

/** The CMS holding `details` and the cover, the country list and a geocoder that places the address. */
const services = (details: object | null, more: StandIns = {}) =>
  stubServices({
    cms: { 'contact-details': details, 'cover-contact-mes': COVER },
    countries: COUNTRIES,
    geocoder: { lat: 10.9985, lon: -74.8125 },
    ...more,
  });

const geocoderCalls = (stub: jest.Mock) => askedFor(stub).filter((asked) => asked.startsWith('geocoder'));

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('the contact page', () => {
  it('shows the texts and contact details from the CMS over the map of the address geocoded in the browser', async () => {
    const fetched = services(DETAILS);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.getByText('I read every message that arrives here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'author@example.test' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+57 605 358 2741' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toBeInTheDocument();

    const form = screen.getByRole('region', { name: 'Send me a message' });
    expect(form).toHaveTextContent('I reply within three working days.');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeInTheDocument();

    const map = screen.getByRole('region', { name: 'Office location map' });
    expect(await screen.findByText('Map centred on 10.9985, -74.8125')).toBeInTheDocument();
    expect(map).toContainElement(screen.getByText(/Map centred on/));
    expect(geocoderCalls(fetched)).toEqual(['geocoder: Carrera 53  82-86, Barranquilla']);
  });

  it('centres the map on the place the CMS stored for the address, with no geocoder call', async () => {
    const fetched = services(PLACED);
    renderPage();
    expect(await screen.findByText('Map centred on 10.9991, -74.8102')).toBeInTheDocument();
    expect(geocoderCalls(fetched)).toEqual([]);
  });

  it('geocodes the address in the browser when the CMS stored an invalid place', async () => {
    const fetched = services({ ...DETAILS, latitude: 100, longitude: -74.8102 });
    renderPage();
    expect(await screen.findByText('Map centred on 10.9985, -74.8125')).toBeInTheDocument();
    expect(geocoderCalls(fetched)).toHaveLength(1);
  });

  it('keeps the map on the default centre when the address cannot be geocoded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    services(DETAILS, { geocoder: null });
    renderPage();
    expect(await screen.findByText('Map centred on 10.977, -74.813')).toBeInTheDocument();
  });

  it('stays empty but usable when the CMS is down: no texts, the default map, the form', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetched = stubServices({ countries: COUNTRIES });
    renderPage();
    expect(await screen.findByText('Map centred on 10.977, -74.813')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(geocoderCalls(fetched)).toEqual([]);
  });

  it('shows the texts from its first render when the reads came with the page, asking the CMS nothing', async () => {
    const fetched = services(null);
    const client = createQueryClient();
    client.setQueryData(queries.contactDetails().queryKey, PLACED);
    client.setQueryData(queries.coverContact().queryKey, COVER);
    renderPage(client);
    expect(screen.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'author@example.test' })).toBeInTheDocument();
    expect(await screen.findByText('Map centred on 10.9991, -74.8102')).toBeInTheDocument();
    expect(askedFor(fetched)).toEqual(['countries']);
  });
});
