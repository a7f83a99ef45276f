import http from 'http';
import type { AddressInfo } from 'net';

/** Where the stand-in places an address; a few words in the address choose another answer. */
export const PLACES = {
  default: { lat: 10.9985, lon: -74.8125 },
  Cartagena: { lat: 10.391, lon: -75.479 },
};

export interface GeocoderRequest {
  q: string | null;
  format: string | null;
  userAgent: string | undefined;
}

/**
 * A local Nominatim stand-in for the CMS's geocoding: "Nowhere" in the address finds nothing,
 * "Broken" answers 500. `GET /__requests` lists what it was asked, for tests in other processes.
 */
export async function startGeocoderStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const requests: GeocoderRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    res.setHeader('Content-Type', 'application/json');
    if (url.pathname === '/__requests') {
      res.end(JSON.stringify(requests));
      return;
    }
    const q = url.searchParams.get('q');
    requests.push({ q, format: url.searchParams.get('format'), userAgent: req.headers['user-agent'] });
    if (q?.includes('Broken')) {
      res.statusCode = 500;
      res.end('{}');
      return;
    }
    const place = q?.includes('Nowhere') ? undefined : q?.includes('Cartagena') ? PLACES.Cartagena : PLACES.default;
    res.end(JSON.stringify(place ? [{ lat: String(place.lat), lon: String(place.lon), display_name: q }] : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function geocoderRequests(): Promise<GeocoderRequest[]> {
  const response = await fetch(new URL('/__requests', process.env.GEOCODER_URL));
  return response.json() as Promise<GeocoderRequest[]>;
}
