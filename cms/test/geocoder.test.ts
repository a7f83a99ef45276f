import { createGeocoder, firstPlace } from '../src/lib/geocoder';

const options = { url: 'http://geocoder.test/search', userAgent: 'blog/1.0', minIntervalMs: 1000, timeoutMs: 5000 };

function fakeGeocoder(answer: () => Response) {
  let clock = 0;
  const asked: { url: string; at: number; userAgent: string }[] = [];
  const sleeps: number[] = [];
  const geocoder = createGeocoder(options, {
    now: () => clock,
    sleep: (ms) => {
      sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    fetch: (url, init) => {
      asked.push({
        url: url instanceof Request ? url.url : url.toString(),
        at: clock,
        userAgent: new Headers(init?.headers).get('user-agent') ?? '',
      });
      return Promise.resolve(answer());
    },
  });
  return { geocoder, asked, sleeps };
}

const place = (lat: unknown, lon: unknown) => new Response(JSON.stringify([{ lat, lon }]));

describe('the server’s geocoder', () => {
  it('asks with "#" removed, as JSON, identifying itself, and reads the first place', async () => {
    const { geocoder, asked } = fakeGeocoder(() => place('10.5', '-74.25'));
    expect(await geocoder.locate(' Carrera 54 # 68-80, Barranquilla ')).toEqual({ latitude: 10.5, longitude: -74.25 });
    const url = new URL(asked[0].url);
    expect(url.searchParams.get('q')).toBe('Carrera 54  68-80, Barranquilla');
    expect(url.searchParams.get('format')).toBe('json');
    expect(asked[0].userAgent).toBe('blog/1.0');
  });

  it('sends at most one request per second, one at a time', async () => {
    const { geocoder, asked } = fakeGeocoder(() => place('1', '2'));
    await Promise.all(['a', 'b', 'c'].map((address) => geocoder.locate(address)));
    expect(asked.map(({ at }) => at)).toEqual([0, 1000, 2000]);
  });

  it('rejects when the geocoder fails, and keeps serving later requests', async () => {
    let answer = new Response('down', { status: 503 });
    const { geocoder } = fakeGeocoder(() => answer);
    await expect(geocoder.locate('a')).rejects.toThrow(/503/);
    answer = new Response('[]');
    await expect(geocoder.locate('b')).resolves.toBeNull();
  });

  it.each([
    ['no result', []],
    ['no coordinates', [{}]],
    ['a latitude out of range', [{ lat: '91', lon: '0' }]],
    ['a longitude that is not a number', [{ lat: '1', lon: 'east' }]],
    ['not a list', { lat: '1', lon: '2' }],
  ])('finds no place in an answer with %s', (_case, answer) => {
    expect(firstPlace(answer)).toBeNull();
  });

  it('is off when no geocoder address is configured', () => {
    expect(createGeocoder({ ...options, url: '' }).enabled).toBe(false);
  });
});
