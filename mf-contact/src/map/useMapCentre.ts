import { geocode, type ContactDetails, type Coordinates } from '@blog/shared';
import { useEffect, useState } from 'react';
import { mapCentre, storedCentre } from './centre';
import { browserStorage } from './geocodeCache';

/**
 * The map's centre for the contact details, undefined until it is known (`details` is undefined
 * while they load): the map waits for it rather than showing the default place first and then
 * jumping. The place the CMS stored when the details were saved is used as it is: only without one
 * does the browser geocode the address (Nominatim allows a whole site one request a second).
 */
export function useMapCentre(details: ContactDetails | null | undefined): Coordinates | undefined {
  const stored = storedCentre(details);
  // Nothing to geocode while the details load or once the CMS has placed the address; null (the CMS
  // gave no details) keeps the default centre.
  const address = details === undefined || stored ? undefined : (details?.location ?? null);
  const geocoded = useGeocodedCentre(address);
  return stored ?? geocoded;
}

/** The centre for the address, asking the geocoder when needed; nothing is asked for undefined. */
function useGeocodedCentre(address: string | null | undefined): Coordinates | undefined {
  const [located, setLocated] = useState<{ address: string | null; centre: Coordinates }>();

  useEffect(() => {
    if (address === undefined) return undefined;
    let current = true;
    mapCentre(address, { storage: browserStorage(), geocode }).then((centre) => current && setLocated({ address, centre }));
    return () => {
      current = false;
    };
  }, [address]);

  return address !== undefined && located?.address === address ? located.centre : undefined;
}
