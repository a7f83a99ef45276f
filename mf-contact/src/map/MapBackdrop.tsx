import {
  siteConfig,
  TILE_SIZE,
  tileAddress,
  tilesAround,
  useNearViewport,
  type ContactDetails,
  type Coordinates,
} from '@blog/shared';
import { isServer, useQuery } from '@blog/shared/query';
import { Suspense, lazy, useRef } from 'react';
import { geocodeQuery, officePlace } from './centre';
import { MapBoundary } from './MapBoundary';
import styles from './MapBackdrop.module.css';
import { NATIVE_ZOOM, ZOOM } from './view';

// Leaflet reads `window` as it loads, and is most of the page's script: imported in the browser
// only, once the band nears the viewport.
const ContactMap = lazy(() => import('./ContactMap'));

/** How far from its centre the widest band shows the map, in CSS pixels. */
const REACH = { x: 2048, y: 256 };

/**
 * The office's tiles as plain images, placed as the map places them: in the server's HTML, so the
 * band shows the map from the first paint, long before Leaflet loads and lays its own over them.
 */
function MapPreview({ centre }: { centre: Coordinates }) {
  const { tileUrl } = siteConfig();
  return (
    <div className={styles.preview} aria-hidden="true">
      {tilesAround(centre, ZOOM, NATIVE_ZOOM, REACH).map(({ tile, left, top, size }, index) => (
        <img
          key={`${tile.x}/${tile.y}`}
          src={tileAddress(tileUrl, tile)}
          alt=""
          width={TILE_SIZE}
          height={TILE_SIZE}
          // The tile under the centre is the page's largest image. Scaled up as the map scales its
          // own: a browser counts its visible area, as it will the map's tile, for the page's LCP.
          fetchPriority={index === 0 ? 'high' : 'low'}
          style={{ left: `calc(50% + ${left}px)`, top: `calc(50% + ${top}px)`, scale: String(size / TILE_SIZE) }}
        />
      ))}
    </div>
  );
}

/**
 * The band behind the page's top, centred on the office of the contact details (undefined while
 * they load). Its size is fixed, so nothing moves when the map arrives: the server and the
 * browser's first render show the band with the tiles of a stored place, the map comes after.
 */
export function MapBackdrop({ details }: { details: ContactDetails | null | undefined }) {
  const place = details === undefined ? undefined : officePlace(details);
  const address = place?.address;
  // Only without a stored place does the browser geocode the address; the server never does.
  const geocoded = useQuery({ ...geocodeQuery(address ?? ''), enabled: !isServer && address !== undefined }).data;
  // The map waits for its centre rather than showing the default place first and then jumping.
  const centre = place?.centre ?? geocoded;
  // A place the server knows too: the server's HTML and the browser's first render show its tiles alike.
  const known = place?.centre;
  // Never at the first render, which must match the server's (the band and its preview).
  const band = useRef<HTMLElement>(null);
  const wanted = useNearViewport(band);

  return (
    <section ref={band} className={styles.backdrop} aria-label="Office location map">
      {known && <MapPreview centre={known} />}
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
