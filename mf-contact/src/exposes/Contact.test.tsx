import {
  fetchContactDetails,
  fetchCountries,
  fetchCoverContact,
  geocode,
  type Coordinates,
} from '@blog/shared';
import { render, screen } from '@testing-library/react';
import { COVER, DETAILS } from '../test-fixtures';
import Contact from './Contact';

jest.mock('@blog/shared', () => ({
  ...jest.requireActual('@blog/shared'),
  fetchContactDetails: jest.fn(),
  fetchCoverContact: jest.fn(),
  fetchCountries: jest.fn(),
  geocode: jest.fn(),
}));

// Leaflet needs a real browser (the browser tests see it); here the map tells where it is centred.
jest.mock('../map/ContactMap', () => ({
  __esModule: true,
  default: ({ centre }: { centre: Coordinates }) => <p>Map centred on {`${centre.lat}, ${centre.lon}`}</p>,
}));

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  jest.mocked(fetchCountries).mockResolvedValue([{ idd: { root: '+5', suffixes: ['7'] } }]);
});

describe('the contact page', () => {
  it('shows the texts and contact details from the CMS over the map of the address geocoded in the browser', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue(DETAILS);
    jest.mocked(fetchCoverContact).mockResolvedValue(COVER);
    jest.mocked(geocode).mockResolvedValue({ lat: 10.9985, lon: -74.8125 });
    render(<Contact />);

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
    expect(geocode).toHaveBeenCalledWith('Carrera 53 # 82-86, Barranquilla');
  });

  it('centres the map on the place the CMS stored for the address, with no geocoder call', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue({ ...DETAILS, latitude: 10.9991, longitude: -74.8102 });
    jest.mocked(fetchCoverContact).mockResolvedValue(COVER);
    render(<Contact />);
    expect(await screen.findByText('Map centred on 10.9991, -74.8102')).toBeInTheDocument();
    expect(geocode).not.toHaveBeenCalled();
  });

  it('geocodes the address in the browser when the CMS stored an invalid place', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue({ ...DETAILS, latitude: 100, longitude: -74.8102 });
    jest.mocked(fetchCoverContact).mockResolvedValue(COVER);
    jest.mocked(geocode).mockResolvedValue({ lat: 10.9985, lon: -74.8125 });
    render(<Contact />);
    expect(await screen.findByText('Map centred on 10.9985, -74.8125')).toBeInTheDocument();
    expect(geocode).toHaveBeenCalledWith('Carrera 53 # 82-86, Barranquilla');
  });

  it('keeps the map on the default centre when the address cannot be geocoded', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue(DETAILS);
    jest.mocked(fetchCoverContact).mockResolvedValue(COVER);
    jest.mocked(geocode).mockResolvedValue(null);
    render(<Contact />);
    expect(await screen.findByText('Map centred on 10.977, -74.813')).toBeInTheDocument();
  });

  it('stays empty but usable when the CMS is down: no texts, the default map, the form', async () => {
    jest.mocked(fetchContactDetails).mockResolvedValue(null);
    jest.mocked(fetchCoverContact).mockResolvedValue(null);
    render(<Contact />);
    expect(await screen.findByText('Map centred on 10.977, -74.813')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(geocode).not.toHaveBeenCalled();
  });
});
