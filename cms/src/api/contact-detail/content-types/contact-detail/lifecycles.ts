import { createGeocoder, type Geocoder, type GeocoderOptions } from '../../../../lib/geocoder';

const UID = 'api::contact-detail.contact-detail';

interface ContactData {
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

interface Event {
  params: { data: ContactData; where?: Record<string, unknown> };
}

let geocoder: Geocoder | undefined;
const sharedGeocoder = () => (geocoder ??= createGeocoder(strapi.config.get<GeocoderOptions>('geocoder')));

/**
 * Stores the place of a new or changed address on the entry, so the site never geocodes it in the
 * visitor's browser. A failure keeps the save (without coordinates) and is logged.
 */
async function locate(data: ContactData): Promise<void> {
  const shared = sharedGeocoder();
  const address = data.location?.trim();
  let place = null;
  if (shared.enabled && address) {
    try {
      place = await shared.locate(address);
      if (!place) strapi.log.warn(`No place found for the contact address "${address}"`);
    } catch (error) {
      strapi.log.error(`Could not geocode the contact address "${address}": ${(error as Error).message}`);
    }
  }
  data.latitude = place?.latitude ?? null;
  data.longitude = place?.longitude ?? null;
}

const hasPlace = (entry: ContactData) => typeof entry.latitude === 'number' && typeof entry.longitude === 'number';

export default {
  async beforeCreate(event: Event) {
    if (!hasPlace(event.params.data)) await locate(event.params.data);
  },

  // A new address is placed anew; coordinates the author set by hand for an unchanged address stay.
  async beforeUpdate(event: Event) {
    const { data, where } = event.params;
    if (data.location === undefined) return;
    const stored = (await strapi.db.query(UID).findOne({ where })) as ContactData | null;
    const moved = !stored || stored.location !== data.location;
    if (moved || !hasPlace({ ...stored, ...data })) await locate(data);
  },
};
