// Stand-ins for this section's tests: the CMS's contact entries (each test spells out only what it
// changes), and a `fetch` that answers for the CMS, the country list and the geocoder.
import type { ContactDetails, Country, CoverContact } from '@blog/shared';
import { forgetSharedReads } from '@blog/shared/testing';

export const COVER: CoverContact = {
  id: 1,
  documentId: 'cover',
  title: 'Get in Touch',
  intro: 'I read every message that arrives here.',
  card_title: 'Send me a message',
  card_intro: 'I reply within three working days.',
};

export const DETAILS: ContactDetails = {
  id: 1,
  documentId: 'details',
  email: 'author@example.test',
  phone: '+57 605 358 2741',
  location: 'Carrera 53 # 82-86, Barranquilla',
  // As the CMS answers when its geocoder could not place the address: the browser geocodes it.
  latitude: null,
  longitude: null,
  Facebook_url: 'https://www.facebook.com/author',
  x_url: null,
  linkedin_url: 'https://www.linkedin.com/in/author',
  instagram_url: null,
};

/** The place the CMS stored for the address, as it does when its own geocoder could place it. */
export const PLACED: ContactDetails = { ...DETAILS, latitude: 10.9991, longitude: -74.8102 };

/** The public country list's shape (restcountries' idd field), as the e2e stand-in serves it. */
export const COUNTRIES: Country[] = [
  { idd: { root: '+5', suffixes: ['7'] } },
  { idd: { root: '+4', suffixes: ['4'] } },
];

export interface StandIns {
  /** What the CMS holds for a collection (null: nothing); one left out answers 404, as a CMS that is down. */
  cms?: Partial<Record<'contact-details' | 'cover-contact-mes', object | null>>;
  /** The country list; none: it cannot be reached. */
  countries?: Country[];
  /** The geocoder's place for any address; null: it finds none; none: it cannot be reached. */
  geocoder?: { lat: number; lon: number } | null;
}

const answer = (body: unknown) => ({ ok: true, status: 200, json: () => Promise.resolve(body) }) as Response;
const unreachable = { ok: false, status: 404, json: () => Promise.resolve({}) } as Response;

/**
 * Replaces `fetch` with the stand-ins, and forgets the answers the shared client keeps for a few
 * seconds, so each test reads its own CMS. Returns the stub, to see what was asked.
 */
export function stubServices({ cms = {}, countries, geocoder }: StandIns): jest.Mock {
  forgetSharedReads();
  const answerFor = (url: string): Response => {
    const { hostname, pathname } = new URL(url);
    if (hostname === 'restcountries.com') return countries ? answer(countries) : unreachable;
    if (hostname === 'nominatim.openstreetmap.org') {
      if (geocoder === undefined) return unreachable;
      return answer(geocoder ? [{ lat: String(geocoder.lat), lon: String(geocoder.lon) }] : []);
    }
    const entry = cms[pathname.replace(/^\/api\//, '') as keyof typeof cms];
    return entry === undefined ? unreachable : answer({ data: entry ? [entry] : [] });
  };
  const stub = jest.fn((url: string) => Promise.resolve(answerFor(url)));
  globalThis.fetch = stub as typeof fetch;
  return stub;
}

/** What a stub was asked for, in order: a CMS collection, `countries`, or `geocoder: <address>`. */
export function askedFor(stub: jest.Mock): string[] {
  return stub.mock.calls.map(([url]: [string]) => {
    const { hostname, pathname, searchParams } = new URL(url);
    if (hostname === 'restcountries.com') return 'countries';
    if (hostname === 'nominatim.openstreetmap.org') return `geocoder: ${searchParams.get('q')}`;
    return pathname.replace(/^\/api\//, '');
  });
}
