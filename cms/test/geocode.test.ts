import { expect } from '@jest/globals';
import { author } from './support/author';
import { PLACES, geocoderRequests } from './support/geocoder-stand-in';
import type { ContactDetails } from '@blog/shared';
import { request, type StrapiAnswer } from './support/http';

const publicContactDetails = async () =>
  (await request<StrapiAnswer<ContactDetails[]>>('/api/contact-details?populate=*')).body.data[0];

describe('the contact address is geocoded once, on the server', () => {
  let original: Awaited<ReturnType<typeof author.contactDetails>>;

  beforeAll(async () => {
    original = await author.contactDetails();
  });

  afterAll(async () => {
    await author.updateContactDetails(original.documentId, { location: original.location });
  });

  it('stores the seeded address’s place, asked with "#" removed and an identifying User-Agent', async () => {
    const details = await publicContactDetails();
    expect(details).toEqual(
      expect.objectContaining({
        location: expect.stringContaining('#'),
        latitude: PLACES.default.lat,
        longitude: PLACES.default.lon,
      }),
    );
    const [first] = await geocoderRequests();
    expect(first).toEqual({
      q: details.location.replaceAll('#', '').trim(),
      format: 'json',
      userAgent: 'blog-cms-tests/1.0 (author@example.test)',
    });
  });

  it('places a new address when the author saves it, and asks nothing when the address is unchanged', async () => {
    const saved = await author.updateContactDetails(original.documentId, { location: 'Calle 5 # 3-10, Cartagena' });
    expect(saved).toEqual(expect.objectContaining({ latitude: PLACES.Cartagena.lat, longitude: PLACES.Cartagena.lon }));
    expect(await publicContactDetails()).toEqual(expect.objectContaining({ latitude: PLACES.Cartagena.lat }));

    const asked = (await geocoderRequests()).length;
    await author.updateContactDetails(original.documentId, {
      location: 'Calle 5 # 3-10, Cartagena',
      email: 'new@example.test',
    });
    expect((await geocoderRequests()).length).toBe(asked);
  });

  it.each([
    ['the geocoder finds nothing', 'Nowhere street 1'],
    ['the geocoder fails', 'Broken street 1'],
  ])('keeps the save without coordinates when %s', async (_case, location) => {
    const saved = await author.updateContactDetails(original.documentId, { location });
    expect(saved).toEqual(expect.objectContaining({ location, latitude: null, longitude: null }));
    expect(await publicContactDetails()).toEqual(
      expect.objectContaining({ location, latitude: null, longitude: null }),
    );
  });
});
