/** @jest-environment node */
// Rendered as the render server does: in Node, where any browser global (and Leaflet) would throw.
import { COUNTRIES, COVER, DETAILS, PLACED, askedFor, stubServices } from '../testing/cms';
import { renderOnServer } from '@blog/shared/testing/server';
import { ContactPage } from './ContactPage';
import { contactPage } from './page';

const mockMapLoaded = jest.fn();
jest.mock('../map/ContactMap', () => {
  mockMapLoaded();
  return { __esModule: true, default: () => null };
});

/** What the server puts in the map's band: the tiles of a place it knows, never Leaflet. */
const mapBand = (html: string) =>
  /<section class="backdrop" aria-label="Office location map">(.*?)<\/section>/.exec(html)?.[1];
const TILE =
  /^<div class="preview" aria-hidden="true"><img src="https:\/\/tile\.openstreetmap\.org\/19\/\d+\/\d+\.png"/;

afterEach(() => jest.restoreAllMocks());

describe('the contact page rendered on the server', () => {
  it.each([
    ['stored', PLACED, true],
    ['not stored', DETAILS, false],
  ])(
    'shows the CMS’s texts, details and the form, and the map’s band with the tiles of a place it knows (place %s)',
    async (_case, details, tiles) => {
      const fetched = stubServices({
        cms: { 'contact-details': details, 'cover-contact-mes': COVER },
        countries: COUNTRIES,
        geocoder: null,
      });
      const { html } = await renderOnServer(<ContactPage />, contactPage, '/Contact');

      expect(html).toContain('<h1>Get in Touch</h1>');
      expect(html).toContain('I read every message that arrives here.');
      expect(html).toContain('<a href="mailto:author@example.test">author@example.test</a>');
      expect(html).toContain('<a href="tel:+576053582741">+57 605 358 2741</a>');
      expect(html).toContain('I reply within three working days.');
      expect(html).toContain('Send message');
      // The bundled prefixes, +1 chosen: the country list is the browser's to ask for.
      expect(html).toContain('<option value="+1" selected="">+1</option>');
      expect(html).toContain('<option value="+971">+971</option>');

      if (tiles) expect(mapBand(html)).toMatch(TILE);
      else expect(mapBand(html)).toBe('');
      expect(mockMapLoaded).not.toHaveBeenCalled();
      expect(askedFor(fetched).sort()).toEqual(['contact-details', 'cover-contact-mes']);
    },
  );

  it('shows the form and the map’s band at the default place, and no texts, when the CMS is down', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServices({});
    const { html } = await renderOnServer(<ContactPage />, contactPage, '/Contact');
    expect(html).not.toContain('<h1');
    expect(html).not.toContain('<a ');
    expect(html).toContain('Send message');
    expect(mapBand(html)).toMatch(TILE);
  });
});
