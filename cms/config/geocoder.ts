import type { Core } from '@strapi/strapi';
import type { GeocoderOptions } from '../src/lib/geocoder';

/** Where the contact address is geocoded when the contact details are saved (Nominatim by default). */
const config = ({ env }: Core.Config.Shared.ConfigParams): GeocoderOptions => ({
  url: env('GEOCODER_URL', 'https://nominatim.openstreetmap.org/search'),
  userAgent: env('GEOCODER_USER_AGENT', 'defense-business-blog-cms/1.0'),
  minIntervalMs: env.int('GEOCODER_MIN_INTERVAL_MS', 1000),
  timeoutMs: env.int('GEOCODER_TIMEOUT_MS', 5000),
});

export default config;
