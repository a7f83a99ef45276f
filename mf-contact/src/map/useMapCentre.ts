import { geocode, type Coordinates } from '@blog/shared';
import { useEffect, useState } from 'react';
import { mapCentre } from './centre';
import { browserStorage } from './geocodeCache';

/**
 * The map's centre for the contact address, undefined until it is known (`address` is undefined
 * while the contact details load): the map waits for it rather than showing the default place first
 * and then jumping.
 */
export function useMapCentre(address: string | null | undefined): Coordinates | undefined {
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
