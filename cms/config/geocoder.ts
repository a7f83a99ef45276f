import type { GeocoderOptions } from '../src/lib/geocoder';
import { cmsSettings } from '../src/settings';

/** Where the contact address is geocoded when the contact details are saved (Nominatim by default). */
const config = (): GeocoderOptions => {
  const settings = cmsSettings();
  return {
    url: settings.GEOCODER_URL,
    userAgent: settings.GEOCODER_USER_AGENT,
    minIntervalMs: settings.GEOCODER_MIN_INTERVAL_MS,
    timeoutMs: settings.GEOCODER_TIMEOUT_MS,
  };
};

export default config;
