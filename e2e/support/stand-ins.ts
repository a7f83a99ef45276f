import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

/** Where the stand-in puts the contact address: a point distinct from the map's default centre. */
export const STAND_IN_PLACE = { lat: 10.9985, lon: -74.8125 };

export const STAND_IN_COUNTRIES = [
  { idd: { root: '+5', suffixes: ['7'] } },
  { idd: { root: '+4', suffixes: ['4'] } },
  { idd: { root: '+1', suffixes: ['201', '202'] } },
  { idd: { root: '+3', suffixes: ['4', '4'] } },
  { idd: {} },
];

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A plain 256×256 map tile, so tests can see tiles come from here. */
function tilePng(): Buffer {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xcf, 0xe3, 0xd4]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface StandIns {
  url: string;
  close(): Promise<void>;
}

/**
 * Local stand-ins for the outside services the site calls (these machines have no internet):
 * a geocoder (`/geocoder/search`), a tile server (`/tiles/{z}/{x}/{y}.png`) and a country list (`/countries`).
 * `GET /__requests` lists what they were asked, in order.
 */
export async function startStandIns(): Promise<StandIns> {
  const requests: string[] = [];
  const tile = tilePng();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (url.pathname === '/__requests') {
      // For tests running in other processes: what the site asked the outside services.
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(requests));
      return;
    }
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/geocoder/search') {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify([
          { lat: String(STAND_IN_PLACE.lat), lon: String(STAND_IN_PLACE.lon), display_name: url.searchParams.get('q') },
        ]),
      );
    } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      res.setHeader('Content-Type', 'image/png');
      res.end(tile);
    } else if (url.pathname === '/countries') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(STAND_IN_COUNTRIES));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
