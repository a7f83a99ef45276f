import { tileAddress, tilesAround, worldPixel } from './tiles';

describe('worldPixel', () => {
  it('puts the meridian and the equator at the middle of the world, and the date line at its edge', () => {
    expect(worldPixel({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixel({ lat: 0, lon: -180 }, 1).x).toBe(0);
    expect(worldPixel({ lat: 0, lon: 180 }, 1).x).toBe(512);
  });

  it('stretches the north upwards as Web Mercator does', () => {
    // 85.0511° is where the square world ends: the top edge.
    expect(worldPixel({ lat: 85.0511287798, lon: 0 }, 0).y).toBeCloseTo(0, 6);
    // ln(tan(45° + 45°/2)) = asinh(1) = 0.8814: (0.5 - 0.8814 / 2π) × 256.
    expect(worldPixel({ lat: 45, lon: 0 }, 0).y).toBeCloseTo(92.0896, 3);
  });
});

describe('tilesAround', () => {
  // Barranquilla at zoom 25 from zoom-19 tiles: each tile 64 times its size, 16,384 px.
  const centre = { lat: 10.977, lon: -74.813 };

  it('gives the tile holding the centre first, placed so the centre is where the map’s centre is', () => {
    const [first] = tilesAround(centre, 25, 19, { x: 10, y: 10 });
    // In tiles of zoom 19: the whole part numbers the tile, the rest is where in it the centre lies.
    const x = worldPixel(centre, 19).x / 256;
    const y = worldPixel(centre, 19).y / 256;
    expect(first.tile).toEqual({ x: Math.floor(x), y: Math.floor(y), z: 19 });
    expect(first.size).toBe(16384);
    expect(first.left).toBeCloseTo(-(x - Math.floor(x)) * 16384, 6);
    expect(first.top).toBeCloseTo(-(y - Math.floor(y)) * 16384, 6);
  });

  it('adds the neighbours a wide map reaches, and only those', () => {
    const [first] = tilesAround(centre, 25, 19, { x: 1, y: 1 });
    const toRight = first.left + first.size;
    expect(tilesAround(centre, 25, 19, { x: toRight - 1, y: 1 })).toHaveLength(1);
    const wider = tilesAround(centre, 25, 19, { x: toRight + 1, y: 1 });
    expect(wider.map(({ tile }) => tile.x)).toEqual([first.tile.x, first.tile.x + 1]);
    expect(wider[1].left).toBe(first.left + first.size);
  });

  it('wraps around the date line and stops at the poles', () => {
    const edge = tilesAround({ lat: 85.05, lon: 179.9999 }, 2, 2, { x: 300, y: 300 });
    expect(edge.every(({ tile }) => tile.x >= 0 && tile.x < 4 && tile.y >= 0 && tile.y < 4)).toBe(true);
    expect(edge.map(({ tile }) => tile.x)).toContain(0);
  });
});

describe('tileAddress', () => {
  it('fills a tile server’s template as Leaflet does', () => {
    expect(tileAddress('https://tile.test/{z}/{x}/{y}.png', { x: 3, y: 5, z: 19 })).toBe(
      'https://tile.test/19/3/5.png',
    );
    expect(tileAddress('https://{s}.tile.test/{z}/{x}/{y}{r}.png', { x: 3, y: 5, z: 19 })).toBe(
      'https://c.tile.test/19/3/5.png',
    );
  });
});
