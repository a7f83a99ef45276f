/** @jest-environment node */
import {
  OWN_TILE_READS_PER_MINUTE,
  TILE_READS_PER_MINUTE,
  TileCache,
  TileReadsExhausted,
  lifetimeOf,
  tileAnswer,
  tileAt,
  tilesOnSite,
} from './tiles';
import { TILE_READS_PER_CLIENT } from './settings';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const TILE = { x: 148245, y: 253174, z: 19 };

describe('the tile an address names', () => {
  it('is read from /tiles/{z}/{x}/{y}.png', () => {
    expect(tileAt('/tiles/19/148245/253174.png')).toEqual(TILE);
    expect(tileAt('/tiles/0/0/0.png')).toEqual({ x: 0, y: 0, z: 0 });
  });

  it('is none for a tile no map has, or another address', () => {
    expect(tileAt('/tiles/1/2/0.png')).toBeUndefined();
    expect(tileAt('/tiles/23/0/0.png')).toBeUndefined();
    expect(tileAt('/tiles/19/148245/253174.jpg')).toBeUndefined();
    expect(tileAt('/tiles/19/-1/0.png')).toBeUndefined();
    expect(tileAt('/tiles/19/148245.png')).toBeUndefined();
    expect(tileAt('/tiles/19/148245/253174.png/x')).toBeUndefined();
  });
});

describe('the map’s tiles on the site’s origin', () => {
  it('are named at the site’s address and asked of the tile server config.js names, or OpenStreetMap’s', () => {
    expect(tilesOnSite({ cmsUrl: 'https://cms.test' }, 'https://blog.test')).toEqual({
      config: { cmsUrl: 'https://cms.test', tileUrl: 'https://blog.test/tiles/{z}/{x}/{y}.png' },
      tilesFrom: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(tilesOnSite({ tileUrl: 'https://{s}.tiles.test/{z}/{x}/{y}.png' }, 'https://blog.test').tilesFrom).toBe(
      'https://{s}.tiles.test/{z}/{x}/{y}.png',
    );
  });

  it('are left where they are when the tile server is on the site’s origin already', () => {
    const config = { tileUrl: 'https://blog.test/tile-cache/{z}/{x}/{y}.png' };
    expect(tilesOnSite(config, 'https://blog.test')).toEqual({ config, tilesFrom: undefined });
  });
});

describe('how long a tile is kept', () => {
  it('is what its server’s Cache-Control allows a shared cache, up to a week', () => {
    expect(lifetimeOf('max-age=3600')).toBe(HOUR_MS);
    expect(lifetimeOf('public, max-age=86400, s-maxage=7200')).toBe(2 * HOUR_MS);
    expect(lifetimeOf('max-age=31536000')).toBe(7 * DAY_MS);
  });

  it('is a day when the server says nothing, and nothing when it forbids keeping', () => {
    expect(lifetimeOf(null)).toBe(DAY_MS);
    expect(lifetimeOf('public')).toBe(DAY_MS);
    expect(lifetimeOf('no-store')).toBe(0);
    expect(lifetimeOf('private, max-age=60')).toBe(0);
    expect(lifetimeOf('max-age=0')).toBe(0);
  });
});

/** A tile server that answers each request with the next of `answers`, and the requests it got. */
function tileServer(...answers: (() => Response)[]) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const fetch = jest.fn((url: string, init?: RequestInit) => {
    asked.push({ url, headers: init?.headers as Record<string, string> });
    const answer = answers.shift();
    return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('fetch failed'));
  });
  return { asked, fetch: fetch as unknown as typeof globalThis.fetch };
}

const png =
  (headers: Record<string, string> = {}) =>
  () =>
    new Response(new Uint8Array(PNG), { headers: { 'content-type': 'image/png', ...headers } });

function cacheOf(server: ReturnType<typeof tileServer>, clock: { now: number }) {
  return new TileCache('https://{s}.tiles.test/{z}/{x}/{y}.png', {
    userAgent: 'blog.test render server',
    referer: 'https://blog.test/',
    fetch: server.fetch,
    now: () => clock.now,
  });
}

describe('the tile cache', () => {
  it('asks the tile server once for a tile, however many visitors ask, saying who asks', async () => {
    const server = tileServer(png({ 'cache-control': 'max-age=3600' }));
    const cache = cacheOf(server, { now: 0 });
    const tiles = await Promise.all([cache.tile(TILE), cache.tile(TILE)]);
    expect(tiles.map((tile) => tile?.body)).toEqual([PNG, PNG]);
    expect(await cache.tile(TILE)).toMatchObject({ body: PNG, headers: { 'cache-control': 'max-age=3600' } });
    expect(server.asked.map(({ url }) => url)).toEqual(['https://b.tiles.test/19/148245/253174.png']);
    expect(server.asked[0].headers).toMatchObject({
      'user-agent': 'blog.test render server',
      referer: 'https://blog.test/',
    });
  });

  it('asks again, with the tile’s validators, once its time is up; a 304 keeps it another while', async () => {
    const server = tileServer(
      png({ 'cache-control': 'max-age=3600', etag: '"v1"', 'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT' }),
      () => new Response(null, { status: 304, headers: { 'cache-control': 'max-age=3600' } }),
    );
    const clock = { now: 0 };
    const cache = cacheOf(server, clock);
    await cache.tile(TILE);
    clock.now = HOUR_MS + 1;
    expect(await cache.tile(TILE)).toMatchObject({ body: PNG, storedAt: HOUR_MS + 1 });
    await cache.tile(TILE);
    expect(server.asked).toHaveLength(2);
    expect(server.asked[1].headers).toMatchObject({
      'if-none-match': '"v1"',
      'if-modified-since': 'Tue, 24 Nov 2026 10:00:00 GMT',
    });
  });

  it('answers the tile it last got while the tile server cannot answer', async () => {
    const server = tileServer(png({ 'cache-control': 'max-age=60' }), () => new Response('down', { status: 503 }));
    const clock = { now: 0 };
    const cache = cacheOf(server, clock);
    await cache.tile(TILE);
    clock.now = HOUR_MS;
    expect((await cache.tile(TILE))?.body).toEqual(PNG);
    expect((await cache.tile(TILE))?.body).toEqual(PNG);
    expect(server.asked).toHaveLength(3);
  });

  it('fails a tile it never got from a tile server that is down or answers no image', async () => {
    await expect(cacheOf(tileServer(), { now: 0 }).tile(TILE)).rejects.toThrow('fetch failed');
    const page = () => new Response('<html>', { headers: { 'content-type': 'text/html' } });
    await expect(cacheOf(tileServer(page), { now: 0 }).tile(TILE)).rejects.toThrow(/answered 200 text\/html/);
  });

  it('has no tile the tile server has none of, and keeps none its server forbids keeping', async () => {
    expect(
      await cacheOf(
        tileServer(() => new Response('', { status: 404 })),
        { now: 0 },
      ).tile(TILE),
    ).toBeUndefined();
    const server = tileServer(png({ 'cache-control': 'no-store' }), png({ 'cache-control': 'no-store' }));
    const cache = cacheOf(server, { now: 0 });
    await cache.tile(TILE);
    await cache.tile(TILE);
    expect(server.asked).toHaveLength(2);
  });
});

describe('the tile server’s share', () => {
  const tiles = (count: number, z = 19) => Array.from({ length: count }, (_, x) => ({ x, y: 0, z }));
  const pngs = (count: number) => Array.from({ length: count }, () => png({ 'cache-control': 'max-age=60' }));
  /** A page of the site's that shows the tiles of one row at zoom 19, every seventh: all of the row around them is its own. */
  const contactPage = tiles(TILE_READS_PER_MINUTE + 10)
    .filter(({ x }) => x % 7 === 3)
    .map(({ x, y, z }) => `<img src="https://blog.test/tiles/${z}/${x}/${y}.png">`)
    .join('');

  it('is at most TILE_READS_PER_MINUTE requests a minute: a tile not kept is refused until it refills', async () => {
    const server = tileServer(...pngs(TILE_READS_PER_MINUTE + 2));
    const clock = { now: 0 };
    const cache = cacheOf(server, clock);
    cache.noteShown(contactPage);
    for (const tile of tiles(TILE_READS_PER_MINUTE)) await cache.tile(tile);
    await expect(cache.tile({ x: TILE_READS_PER_MINUTE, y: 0, z: 19 })).rejects.toMatchObject({ status: 503 });
    clock.now = 60_001;
    expect((await cache.tile({ x: 0, y: 0, z: 19 }))?.body).toEqual(PNG);
    expect(server.asked).toHaveLength(TILE_READS_PER_MINUTE + 1);
    expect(await cache.tile({ x: 1, y: 0, z: 19 })).toMatchObject({ storedAt: 60_001 });
  });

  it('keeps OWN_TILE_READS_PER_MINUTE for the tiles the site’s pages show, whoever floods it with others', async () => {
    const server = tileServer(...pngs(TILE_READS_PER_MINUTE));
    const cache = cacheOf(server, { now: 0 });
    cache.noteShown(contactPage);
    // Many clients, each within its own limit, asking for tiles no page shows.
    const flood = tiles(TILE_READS_PER_MINUTE, 12).map((tile, i) =>
      cache.tile(tile, `client ${i % 10}`).then(
        () => 'read',
        (error: TileReadsExhausted) => error.status,
      ),
    );
    const answers = await Promise.all(flood);
    expect(answers.filter((answer) => answer === 'read')).toHaveLength(
      TILE_READS_PER_MINUTE - OWN_TILE_READS_PER_MINUTE,
    );
    expect(answers.filter((answer) => answer === 503)).toHaveLength(OWN_TILE_READS_PER_MINUTE);
    for (const tile of tiles(OWN_TILE_READS_PER_MINUTE)) expect((await cache.tile(tile, 'visitor'))?.body).toEqual(PNG);
  });

  it('lets one client cause TILE_READS_PER_CLIENT reads of tiles no page shows a minute, and the next client more', async () => {
    // The reads per client are counted by the system's clock (rate-limiter-flexible's memory store): only it is faked.
    jest.useFakeTimers({
      now: 0,
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setTimeout', 'setInterval'],
    });
    try {
      const server = tileServer(...pngs(TILE_READS_PER_CLIENT + 2));
      const cache = cacheOf(server, { now: 0 });
      for (const tile of tiles(TILE_READS_PER_CLIENT, 12)) await cache.tile(tile, 'scraper');
      await expect(cache.tile({ x: 0, y: 1, z: 12 }, 'scraper')).rejects.toEqual(new TileReadsExhausted(429, 60));
      // 29.5 s are left of its minute: Retry-After rounds up.
      jest.setSystemTime(30_500);
      await expect(cache.tile({ x: 0, y: 1, z: 12 }, 'scraper')).rejects.toEqual(new TileReadsExhausted(429, 30));
      // What is kept is answered to it still, and another client is not refused for it.
      expect((await cache.tile({ x: 0, y: 0, z: 12 }, 'scraper'))?.body).toEqual(PNG);
      expect((await cache.tile({ x: 0, y: 1, z: 12 }, 'visitor'))?.body).toEqual(PNG);
      expect(server.asked).toHaveLength(TILE_READS_PER_CLIENT + 1);
      // The next minute it may cause reads again.
      jest.setSystemTime(60_000);
      expect((await cache.tile({ x: 1, y: 1, z: 12 }, 'scraper'))?.body).toEqual(PNG);
      expect(server.asked).toHaveLength(TILE_READS_PER_CLIENT + 2);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('a tile’s answer', () => {
  const stored = {
    body: PNG,
    headers: { 'content-type': 'image/png', 'cache-control': 'max-age=3600', etag: '"v1"' },
    storedAt: 0,
    freshUntil: HOUR_MS,
  };

  it('is the tile with its age in the site’s memory, unable to run as a document of the site', () => {
    expect(tileAnswer({}, stored, 90_000)).toEqual({
      status: 200,
      headers: {
        'content-type': 'image/png',
        'cache-control': 'max-age=3600',
        etag: '"v1"',
        age: '90',
        'content-length': '4',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
      body: PNG,
    });
  });

  it('is a 304 without the tile when the browser holds it already', () => {
    expect(tileAnswer({ 'if-none-match': '"v1"' }, stored, 0)).toMatchObject({ status: 304, body: undefined });
    expect(tileAnswer({ 'if-none-match': '"v0"' }, stored, 0)).toMatchObject({ status: 200, body: PNG });
  });
});
