import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { siteConfig, tileAddress, type SiteConfig, type Tile } from '@blog/shared';
import fresh from 'fresh';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { SAFETY_HEADERS, pickHeaders } from './foreign-files';
import { retryAfter } from './limits';
import { TILE_READS_PER_CLIENT } from './settings';

/** Where the site answers the map's tiles, as tile servers name them: `/tiles/{z}/{x}/{y}.png`. */
export const TILES_PATH = '/tiles/';

/** The deepest zoom a tile server draws (OpenStreetMap's stops at 19; a few go to 22). */
const MAX_ZOOM = 22;

/** How long a tile is kept when its server says nothing of it, and at most: tile servers ask for a week. */
const DEFAULT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** How long the tile server may take to answer. */
const TILE_TIMEOUT_MS = 10_000;

/**
 * The most requests a render server makes of the tile server a minute. A visitor's map is a few
 * dozen tiles that every visitor shares, kept for a day: only a scraper asks for more, and the
 * tile server (whose policy forbids bulk downloads) is not a scraper's through the site.
 */
export const TILE_READS_PER_MINUTE = 300;

/** Of those, the share only the tiles the site's own pages show may use: no flood of others takes the contact map. */
export const OWN_TILE_READS_PER_MINUTE = 100;

/** How far around a tile a page shows the map is still the site's own: the map's view, wider than its band. */
const OWN_TILE_MARGIN = 3;

/** The most tiles remembered as shown by the site's pages. */
const MAX_OWN_TILES = 1_000;

/** The tile server was not asked: the site, or this client, asked it too often of late. */
export class TileReadsExhausted extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(
      status === 429
        ? `this client asked for ${TILE_READS_PER_CLIENT} tiles the site does not show in a minute`
        : `the tile server was asked ${TILE_READS_PER_MINUTE} times in the last minute`,
    );
  }
}

/** The most bytes of tiles a render server keeps: the contact page's band is about fifty tiles of a few KB. */
export const TILE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** What a tile's answer keeps of the tile server's headers: its type, how it may be kept, and its validators. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'expires', 'etag', 'last-modified'];

/** A tile as the tile server sent it, and until when it is fresh. */
export interface StoredTile {
  body: Buffer;
  headers: OutgoingHttpHeaders;
  storedAt: number;
  freshUntil: number;
}

/** The tile an address names, when it names one that exists: `/tiles/19/148245/253174.png`. */
export function tileAt(pathname: string): Tile | undefined {
  const match = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})\.png$/.exec(pathname);
  if (!match) return undefined;
  const [z, x, y] = match.slice(1).map(Number);
  return z <= MAX_ZOOM && x < 2 ** z && y < 2 ** z ? { x, y, z } : undefined;
}

/**
 * The configuration a render server's pages are written with, and the tile server it asks for the
 * tiles it answers itself. The map's tiles are named at the site's own address: the contact page's
 * largest image comes over the page's own connection, with no other origin to reach first. A tile
 * server already on the site's origin (a tile cache of the deployment's own) is left as it is.
 */
export function tilesOnSite(
  config: Partial<SiteConfig>,
  siteUrl: string,
): { config: Partial<SiteConfig>; tilesFrom: string | undefined } {
  const { tileUrl } = siteConfig(config);
  if (tileUrl.startsWith(`${new URL(siteUrl).origin}/`)) return { config, tilesFrom: undefined };
  return { config: { ...config, tileUrl: `${siteUrl}${TILES_PATH}{z}/{x}/{y}.png` }, tilesFrom: tileUrl };
}

/** How long an answer may be kept by a shared cache, in milliseconds, as its `Cache-Control` says. */
export function lifetimeOf(cacheControl: string | null): number {
  if (!cacheControl) return DEFAULT_LIFETIME_MS;
  if (/(?:^|,)\s*(?:no-store|no-cache|private)\b/i.test(cacheControl)) return 0;
  const maxAge =
    /(?:^|,)\s*s-maxage\s*=\s*"?(\d+)/i.exec(cacheControl) ?? /(?:^|,)\s*max-age\s*=\s*"?(\d+)/i.exec(cacheControl);
  return maxAge ? Math.min(Number(maxAge[1]) * 1000, MAX_LIFETIME_MS) : DEFAULT_LIFETIME_MS;
}

export interface TileCacheOptions {
  /** Who asks, for the tile server's usage policy (OpenStreetMap's asks every user to say who they are). */
  userAgent: string;
  /** The site whose map the tiles are for. */
  referer: string;
  maxBytes?: number;
  /** `TILE_READS_PER_MINUTE`, `OWN_TILE_READS_PER_MINUTE` and `TILE_READS_PER_CLIENT` by default. */
  readsPerMinute?: number;
  ownReadsPerMinute?: number;
  readsPerClient?: number;
  fetch?: typeof globalThis.fetch;
  /** The tiles' clock; the reads per client are counted by the system's (rate-limiter-flexible's memory store reads `Date.now`). */
  now?: () => number;
}

/**
 * The tile server's tiles, kept in the render server's memory as long as the tile server allows:
 * every visitor's map is the same few tiles, asked of the tile server once, not once per visitor.
 * A tile past its time is asked again with its validators; while the tile server cannot answer,
 * the tile it last sent is answered. The requests it may make are shared fairly: the tiles the
 * site's pages show keep a share of their own, and one client's others are limited.
 */
export class TileCache {
  private readonly tiles: LRUCache<string, StoredTile>;
  private readonly reading = new Map<string, Promise<StoredTile | undefined>>();
  private readonly fetch: typeof globalThis.fetch;
  private readonly now: () => number;
  private readonly readsPerMinute: number;
  private readonly ownReadsPerMinute: number;
  private readonly readsPerClient: number;
  /** Requests the tile server may still be sent, refilled at `readsPerMinute`. */
  private readonly reads: { left: number; at: number };
  /** The tiles the site's pages show (`z/x/y`). */
  private readonly own = new LRUCache<string, Tile>({ max: MAX_OWN_TILES });
  /** The reads each client caused this minute; bounded as the render server's other counts (`limits.ts`). */
  private readonly clients: RateLimiterMemory;

  constructor(
    private readonly template: string,
    private readonly options: TileCacheOptions,
  ) {
    this.tiles = new LRUCache<string, StoredTile>({
      maxSize: options.maxBytes ?? TILE_CACHE_MAX_BYTES,
      sizeCalculation: ({ body }) => body.length + 512,
    });
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.readsPerMinute = options.readsPerMinute ?? TILE_READS_PER_MINUTE;
    this.ownReadsPerMinute = Math.min(options.ownReadsPerMinute ?? OWN_TILE_READS_PER_MINUTE, this.readsPerMinute);
    this.readsPerClient = options.readsPerClient ?? TILE_READS_PER_CLIENT;
    this.reads = { left: this.readsPerMinute, at: this.now() };
    this.clients = new RateLimiterMemory({ points: this.readsPerClient, duration: 60 });
  }

  /** Notes the tiles a page of the site's names (`…/tiles/{z}/{x}/{y}.png`): they and those around them are its own. */
  noteShown(html: string): void {
    for (const [address] of html.matchAll(/\/tiles\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png/g)) {
      const tile = tileAt(address);
      if (tile) this.own.set(`${tile.z}/${tile.x}/${tile.y}`, tile);
    }
  }

  /** The tile, from memory or its server, for `client`; `undefined` when the server has no such tile. */
  async tile(tile: Tile, client = ''): Promise<StoredTile | undefined> {
    const key = `${tile.z}/${tile.x}/${tile.y}`;
    const kept = this.tiles.get(key);
    if (kept && kept.freshUntil > this.now()) return kept;
    // Visitors asking for a tile at once wait for one request to the tile server.
    const joined = this.reading.get(key);
    if (joined) return joined;
    const own = this.isOwn(tile);
    const retryAfterSeconds = own ? undefined : await retryAfter(this.clients, client);
    if (retryAfterSeconds !== undefined) {
      if (kept) return kept;
      throw new TileReadsExhausted(429, retryAfterSeconds);
    }
    // Another visitor may have started the request while this one's read was counted.
    return this.reading.get(key) ?? this.startReading(key, tile, kept, own);
  }

  private startReading(key: string, tile: Tile, kept: StoredTile | undefined, own: boolean) {
    const reading = this.read(key, tile, kept, own).finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  private isOwn({ z, x, y }: Tile): boolean {
    for (const shown of this.own.values())
      if (shown.z === z && Math.abs(shown.x - x) <= OWN_TILE_MARGIN && Math.abs(shown.y - y) <= OWN_TILE_MARGIN)
        return true;
    return false;
  }

  private async read(
    key: string,
    tile: Tile,
    kept: StoredTile | undefined,
    own: boolean,
  ): Promise<StoredTile | undefined> {
    const url = tileAddress(this.template, tile);
    const headers: Record<string, string> = {
      accept: 'image/png,image/*',
      'user-agent': this.options.userAgent,
      referer: this.options.referer,
    };
    if (typeof kept?.headers.etag === 'string') headers['if-none-match'] = kept.headers.etag;
    if (typeof kept?.headers['last-modified'] === 'string')
      headers['if-modified-since'] = kept.headers['last-modified'];
    if (!this.mayRead(own)) {
      if (kept) return kept;
      throw new TileReadsExhausted(503, 60);
    }
    let answer: Response;
    try {
      answer = await this.fetch(url, { headers, signal: AbortSignal.timeout(TILE_TIMEOUT_MS) });
    } catch (error) {
      if (kept) return kept;
      throw error;
    }
    const now = this.now();
    if (answer.status === 304 && kept) {
      return this.keep(key, {
        ...kept,
        storedAt: now,
        freshUntil: now + lifetimeOf(answer.headers.get('cache-control')),
      });
    }
    if (answer.status === 404) {
      this.tiles.delete(key);
      return undefined;
    }
    const type = answer.headers.get('content-type') ?? '';
    if (answer.status !== 200 || !type.startsWith('image/')) {
      if (kept) return kept;
      throw new Error(`${url} answered ${answer.status} ${type}`);
    }
    const body = Buffer.from(await answer.arrayBuffer());
    const stored: StoredTile = {
      body,
      headers: pickHeaders(Object.fromEntries(answer.headers), KEPT_HEADERS),
      storedAt: now,
      freshUntil: now + lifetimeOf(answer.headers.get('cache-control')),
    };
    return this.keep(key, stored);
  }

  /** Whether the tile server may be asked now: the last `ownReadsPerMinute` of the budget are for the site's own tiles. */
  private mayRead(own: boolean): boolean {
    const now = this.now();
    const refilled = ((now - this.reads.at) * this.readsPerMinute) / 60_000;
    this.reads.left = Math.min(this.readsPerMinute, this.reads.left + refilled);
    this.reads.at = now;
    if (this.reads.left < (own ? 1 : 1 + this.ownReadsPerMinute)) return false;
    this.reads.left -= 1;
    return true;
  }

  /** Kept while the tile server lets it be; answered this once otherwise. */
  private keep(key: string, stored: StoredTile): StoredTile {
    if (stored.freshUntil > stored.storedAt) this.tiles.set(key, stored);
    else this.tiles.delete(key);
    return stored;
  }
}

/**
 * A tile's answer: as its server sent it, with its age in the site's memory (a browser keeps it for
 * what is left of its time, not all of it again), or a 304 when the browser holds it already.
 */
export function tileAnswer(
  request: IncomingHttpHeaders,
  { body, headers, storedAt }: StoredTile,
  now: number,
): { status: number; headers: OutgoingHttpHeaders; body: Buffer | undefined } {
  const answered = { ...headers, age: String(Math.max(0, Math.floor((now - storedAt) / 1000))), ...SAFETY_HEADERS };
  if (fresh(request, headers)) return { status: 304, headers: answered, body: undefined };
  return { status: 200, headers: { ...answered, 'content-length': String(body.length) }, body };
}
