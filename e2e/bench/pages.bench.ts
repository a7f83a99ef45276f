import { gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { test, site } from '../support/site';

interface Cost {
  page: string;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  js: Record<string, number>;
  apiBytes: number;
}

const PAGES = ['/no-such-page', '/', '/Articles', '/New-letter', '/Contact', '/About', '/New-start-here'];

const appOf = (url: string) =>
  Object.entries(JSON.parse(process.env.APP_URLS as string) as Record<string, string>).find(([, origin]) =>
    url.startsWith(`${origin}/`),
  )?.[0];

/** Bytes on the wire (gzip where served so) for a first visit to each page, by app, plus the paint times. */
test('what a first visit to each page costs', async ({ browser }) => {
  const costs: Cost[] = [];
  for (const pagePath of PAGES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cost: Cost = { page: pagePath, firstPaintMs: 0, firstContentfulPaintMs: 0, js: {}, apiBytes: 0 };
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then(({ responseBodySize }) => {
          const url = request.url();
          if (url.startsWith(`${site.cmsUrl}/api/`)) cost.apiBytes += responseBodySize;
          else if (request.resourceType() === 'script') {
            const app = appOf(url) ?? 'other';
            cost.js[app] = (cost.js[app] ?? 0) + responseBodySize;
          }
        }),
      );
    });
    await page.goto(`${site.url}${pagePath}`, { waitUntil: 'networkidle' });
    const paints = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime])),
    );
    cost.firstPaintMs = Math.round(paints['first-paint'] ?? 0);
    cost.firstContentfulPaintMs = Math.round(paints['first-contentful-paint'] ?? 0);
    await Promise.all(pending);
    costs.push(cost);
    await context.close();
  }

  const builds = path.resolve(__dirname, '..', '..');
  const remoteEntries = Object.fromEntries(
    ['mf-articles', 'mf-newsletter', 'mf-contact', 'mf-pages'].map((app) => [
      app,
      gzipSync(fs.readFileSync(path.join(builds, app, 'dist', 'remoteEntry.js'))).length,
    ]),
  );

  console.log('\nFirst visit, per page (bytes on the wire; JS by the app that served it):');
  console.table(
    costs.map(({ page, firstPaintMs, firstContentfulPaintMs, js, apiBytes }) => ({
      page,
      'first paint ms': firstPaintMs,
      'first contentful paint ms': firstContentfulPaintMs,
      ...Object.fromEntries(Object.entries(js).map(([app, bytes]) => [`JS ${app}`, bytes])),
      'API bytes': apiBytes,
    })),
  );
  console.log('remoteEntry.js, gzip bytes:');
  console.table(remoteEntries);
});
