import { expect } from '@jest/globals';
import { startStrapi, type StrapiProcess } from './support/strapi-process';
import { expectStrapiError, newVisitor } from './support/http';

// Issue 39: every request of the content API counts against its client, an expensive one more; the
// render servers, with their own token, are not counted; the client is who the proxies in front
// say, whatever a client writes before them; and a write counts alike however its address is spelled.

const BUDGET = 40;
const WRITES = 4;
const TOKEN = 'render-server-token-of-this-test';

let cms: StrapiProcess;

beforeAll(async () => {
  cms = await startStrapi({
    env: {
      // Strapi's own switch, as a deployment behind one proxy sets it: the CMS reads it as that one proxy.
      IS_PROXIED: 'true',
      API_RATE_LIMIT: String(BUDGET),
      WRITE_RATE_LIMIT: String(WRITES),
      RENDER_SERVER_TOKEN: TOKEN,
      GEOCODER_URL: '',
    },
  });
}, 120_000);

afterAll(async () => {
  await cms?.stop();
});

async function get(path: string, headers: Record<string, string>) {
  const response = await fetch(`${cms.url}${path}`, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

/** The statuses of `times` requests made by `headers()`'s client, one after another. */
async function statuses(times: number, path: string, headers: () => Record<string, string>) {
  const seen: number[] = [];
  for (let i = 0; i < times; i += 1) seen.push((await get(path, headers())).status);
  return seen;
}

const as = (client: string) => ({ 'X-Forwarded-For': client });

describe('the limits of each client', () => {
  it('answer its reads until its budget is spent, then 429 with when to come back; others still read', async () => {
    const client = newVisitor();
    expect(await statuses(BUDGET, '/api/about-mes', () => as(client))).toEqual(Array<number>(BUDGET).fill(200));
    const refused = await get('/api/articles', as(client));
    expectStrapiError(refused, 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await get('/api/articles', as(newVisitor()))).status).toBe(200);
  });

  it('count a search as more than a read, and a page of 100 as more than one of 25', async () => {
    // Each costs 4 points: a quarter of the budget's requests are answered, then refused.
    const searcher = newVisitor();
    expect(await statuses(BUDGET / 4 + 1, '/api/article-search?search=naval', () => as(searcher))).toEqual([
      ...Array<number>(BUDGET / 4).fill(200),
      429,
    ]);
    const pager = newVisitor();
    expect(await statuses(BUDGET / 4 + 1, '/api/articles?pagination[pageSize]=100', () => as(pager))).toEqual([
      ...Array<number>(BUDGET / 4).fill(200),
      429,
    ]);
  });

  it('do not count the render servers, which bring their own token; a wrong token counts as none', async () => {
    const server = newVisitor();
    const site = await statuses(BUDGET * 2, '/api/articles', () => ({ ...as(server), 'X-Render-Server-Token': TOKEN }));
    expect(site).toEqual(Array<number>(BUDGET * 2).fill(200));
    const forger = newVisitor();
    const forged = await statuses(BUDGET + 1, '/api/articles', () => ({
      ...as(forger),
      'X-Render-Server-Token': `${TOKEN}x`,
    }));
    expect(forged.at(-1)).toBe(429);
  });

  it('count the address the proxy in front was asked by, whatever a client writes before it', async () => {
    const client = '203.0.113.77';
    let forged = 0;
    const seen = await statuses(BUDGET + 2, '/api/about-mes', () => ({
      'X-Forwarded-For': `198.51.100.${(forged += 1)}, ${client}`,
    }));
    expect(seen.slice(BUDGET)).toEqual([429, 429]);
  });

  it('count an IPv6 subscriber’s /64 as one client', async () => {
    const seen = await statuses(BUDGET + 1, '/api/about-mes', () =>
      as(`2001:db8:77:1::${Math.floor(Math.random() * 65536).toString(16)}`),
    );
    expect(seen.at(-1)).toBe(429);
  });

  it('count the writes of a client alike, however the address is spelled', async () => {
    const client = newVisitor();
    const spellings = ['/api/comments', '/API/comments', '/Api/Comments', '/api/comments/', '/API/COMMENTS'];
    const seen: number[] = [];
    for (const path of spellings) {
      const response = await fetch(`${cms.url}${path}`, {
        method: 'POST',
        headers: { ...as(client), 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { name: 'Limits', comment: 'Spelled', article: 'Limits' } }),
      });
      seen.push(response.status);
    }
    expect(seen).toEqual([...Array<number>(WRITES).fill(200), 429]);
  });
});
