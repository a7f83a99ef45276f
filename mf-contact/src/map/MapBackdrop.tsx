import { useNearViewport, type ContactDetails } from '@blog/shared';
import { isServer, useQuery } from '@blog/shared/query';
import { Suspense, lazy, useRef } from 'react';
import { geocodeQuery, officePlace } from './centre';
import { MapBoundary } from './MapBoundary';
import styles from './MapBackdrop.module.css';

// Leaflet reads `window` as it loads, and is most of the page's script: imported in the browser
// only, once the band nears the viewport.
const ContactMap = lazy(() => import('./ContactMap'));

/**
 * The band behind the page's top, centred on the office of the contact details (undefined while
 * they load). Its size is fixed, so nothing moves when the map arrives: the server and the
 * browser's first render show the band alone, the map comes after.
 */
export function MapBackdrop({ details }: { details: ContactDetails | null | undefined }) {
  const place = details === undefined ? undefined : officePlace(details);
  const address = place?.address;
  // Only without a stored place does the browser geocode the address; the server never does.
  const geocoded = useQuery({ ...geocodeQuery(address ?? ''), enabled: !isServer && address !== undefined }).data;
  // The map waits for its centre rather than showing the default place first and then jumping.
  const centre = place?.centre ?? geocoded;
  // Never at the first render, which must match the server's (the band alone).
  const band = useRef<HTMLElement>(null);
  const wanted = useNearViewport(band);

  return (
    <section ref={band} className={styles.backdrop} aria-label="Office location map">
      {wanted && centre && (
        <MapBoundary>
          <Suspense fallback={null}>
            <ContactMap centre={centre} />
          </Suspense>
        </MapBoundary>
      )}
    </section>
  );
}
