// The only module that imports Leaflet, which reads `window` as it loads: the backdrop imports it
// in the browser once the page is shown, never on the server, so the map's JavaScript and CSS
// reach a browser only when /Contact shows the map.
import { siteConfig, type Coordinates } from '@blog/shared';
import { icon, type LeafletEventHandlerFnMap, type Marker as LeafletMarker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import { AttributionControl, MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import styles from './ContactMap.module.css';
import { NATIVE_ZOOM, ZOOM } from './view';

/** The popup's fixed text; the spec leaves its wording open. */
const OFFICE_TEXT = 'Our office';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

// Leaflet's default icon finds its images through a CSS path that bundling breaks: name them here.
// No shadow: Leaflet ships it at one resolution only, blurred on every high-density screen.
const MARKER_ICON = icon({
  iconUrl,
  iconRetinaUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
});

// The popup is open from the start; it is bound to the marker before the marker joins the map.
const OPEN_POPUP_ON_ADD: LeafletEventHandlerFnMap = { add: (event) => (event.target as LeafletMarker).openPopup() };

/** The background map: centred on the office, fixed (nothing moves or zooms it), credits kept. */
export default function ContactMap({ centre }: { centre: Coordinates }) {
  const position: [number, number] = [centre.lat, centre.lon];
  return (
    // Keyed by the place: a MapContainer reads its centre only when it mounts.
    <MapContainer
      key={position.join()}
      className={styles.map}
      center={position}
      zoom={ZOOM}
      maxZoom={ZOOM}
      zoomControl={false}
      dragging={false}
      touchZoom={false}
      doubleClickZoom={false}
      scrollWheelZoom={false}
      boxZoom={false}
      keyboard={false}
      closePopupOnClick={false}
      attributionControl={false}
    >
      {/* At the top: the page's content covers the map's lower edge, and the credits must stay seen. */}
      <AttributionControl position="topright" />
      <TileLayer url={siteConfig().tileUrl} attribution={ATTRIBUTION} maxZoom={ZOOM} maxNativeZoom={NATIVE_ZOOM} />
      <Marker
        position={position}
        icon={MARKER_ICON}
        alt=""
        keyboard={false}
        interactive={false}
        eventHandlers={OPEN_POPUP_ON_ADD}
      >
        {/* No auto-pan: panning to fit the popup would move the map off the office. */}
        <Popup autoPan={false} closeButton={false} closeOnClick={false} autoClose={false}>
          {OFFICE_TEXT}
        </Popup>
      </Marker>
    </MapContainer>
  );
}
