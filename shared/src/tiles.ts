import type { Coordinates } from './coordinates';

/** A tile of the Web Mercator grid, numbered as tile servers number them. */
export interface Tile {
  x: number;
  y: number;
  z: number;
}

/** A tile as a map shows it: its top-left corner's offset from the map's centre and its side, in CSS pixels. */
export interface PlacedTile {
  tile: Tile;
  left: number;
  top: number;
  size: number;
}

/** A tile's side as tile servers send it, in pixels. */
export const TILE_SIZE = 256;

/** Where a place lies on the Web Mercator plane at `zoom`, in pixels of that zoom's 256-pixel tiles (Leaflet's EPSG:3857). */
export function worldPixel({ lat, lon }: Coordinates, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: (lon / 360 + 0.5) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/**
 * The tiles of `tileZoom` a map centred on `centre` at `zoom` shows within `reach` CSS pixels of
 * its centre (either side), scaled up as a map does past its tile server's deepest zoom; the tile
 * holding the centre first.
 */
export function tilesAround(
  centre: Coordinates,
  zoom: number,
  tileZoom: number,
  reach: { x: number; y: number },
): PlacedTile[] {
  const size = TILE_SIZE * 2 ** (zoom - tileZoom);
  const tiles = 2 ** tileZoom;
  const middle = worldPixel(centre, zoom);
  const span = (at: number, by: number) => {
    const first = Math.floor((at - by) / size);
    const last = Math.floor((at + by) / size);
    return Array.from({ length: last - first + 1 }, (_, index) => first + index);
  };
  const holdsCentre = ({ left, top }: PlacedTile) => left <= 0 && top <= 0 && left + size > 0 && top + size > 0;
  return span(middle.y, reach.y)
    .filter((y) => y >= 0 && y < tiles)
    .flatMap((y) =>
      span(middle.x, reach.x).map((x) => ({
        tile: { x: ((x % tiles) + tiles) % tiles, y, z: tileZoom },
        left: x * size - middle.x,
        top: y * size - middle.y,
        size,
      })),
    )
    .sort((a, b) => Number(holdsCentre(b)) - Number(holdsCentre(a)));
}

/** A tile's address from a tile server's template (`…/{z}/{x}/{y}.png`, `{s}` and `{r}` as Leaflet fills them). */
export function tileAddress(template: string, { x, y, z }: Tile, subdomains = 'abc'): string {
  const values: Record<string, string> = {
    x: String(x),
    y: String(y),
    z: String(z),
    s: subdomains[Math.abs(x + y) % subdomains.length],
    r: '',
  };
  return template.replace(/\{([xyzsr])\}/g, (_, key: string) => values[key]);
}
