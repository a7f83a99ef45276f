import type { Coordinates } from '@blog/shared';
import { Suspense, lazy } from 'react';
import { MapBoundary } from './MapBoundary';
import './MapBackdrop.css';

// Leaflet is fetched only once the page has somewhere to centre it.
const ContactMap = lazy(() => import('./ContactMap'));

/** The band behind the page's top; its size is fixed, so nothing moves when the map arrives. */
export function MapBackdrop({ centre }: { centre: Coordinates | undefined }) {
  return (
    <div className="contact-backdrop" role="region" aria-label="Office location map">
      {centre && (
        <MapBoundary>
          <Suspense fallback={null}>
            <ContactMap centre={centre} />
          </Suspense>
        </MapBoundary>
      )}
    </div>
  );
}
