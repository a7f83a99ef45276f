import { author } from '@blog/cms/testing';
import type { ContactDetails } from '@blog/shared';
import type { Page } from '@playwright/test';
import { packagesIn } from '../support/bundles';
import { startCmsProxy } from '../support/cms-proxy';
import { deadOrigin, startRenderServer } from '../support/render-server';
import { STAND_IN_PLACE } from '../support/stand-ins';
import { cmsData, expect, site, test } from '../support/site';

/** The seeded contact details' address. */
const ADDRESS = 'Carrera 53 # 82-86, Barranquilla, Atlántico, Colombia';
const DEFAULT_CENTRE = { lat: 10.977, lon: -74.813 };
/** The deepest zoom the map asks the tile server for; spec §9's zoom 25 is these tiles scaled up. */
const TILE_ZOOM = 19;

/** What the outside services' stand-ins have been asked so far in this run. */
async function standInRequests(): Promise<URL[]> {
  const asked = (await (await fetch(`${site.standInUrl}/__requests`)).json()) as string[];
  return asked.map((path) => new URL(path, site.standInUrl));
}

const geocoderCalls = async () => (await standInRequests()).filter(({ pathname }) => pathname === '/geocoder/search');

interface Site {
  url: string;
  close(): Promise<void>;
}

/** A site whose pages are rendered from a CMS that answers the contact details with the stored place changed to `place`. */
async function siteWithStoredPlace(place: { latitude: number | null; longitude: number | null }): Promise<Site> {
  const cms = await startCmsProxy((url, body) => {
    if (url.pathname !== '/api/contact-details') return undefined;
    const answer = body as { data: Record<string, unknown>[] };
    return { ...answer, data: [{ ...answer.data[0], ...place }, ...answer.data.slice(1)] };
  });
  const server = await startRenderServer({ config: { cmsUrl: cms.url, mediaUrl: site.cmsUrl } }).catch(
    async (error) => {
      await cms.close();
      throw error;
    },
  );
  return {
    url: server.url,
    async close() {
      await server.close();
      await cms.close();
    },
  };
}

/** Every geocoder call the page makes. */
function browserGeocoderCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on(
    'request',
    (request) => request.url().startsWith(`${site.standInUrl}/geocoder/`) && calls.push(request.url()),
  );
  return calls;
}

/** The Web Mercator tile holding a place, and where in that tile the place lies (0 to 1). */
function tileOf({ lat, lon }: { lat: number; lon: number }, zoom: number) {
  const scale = 2 ** zoom;
  const x = ((lon + 180) / 360) * scale;
  const latitude = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(latitude) + 1 / Math.cos(latitude)) / Math.PI) / 2) * scale;
  return { x: Math.floor(x), y: Math.floor(y), withinX: x % 1, withinY: y % 1 };
}

/** Where a render server answers the tile holding `place`, from its origin (`tilesOnSite`). */
const tilePath = (place: { lat: number; lon: number }) => {
  const { x, y } = tileOf(place, TILE_ZOOM);
  return `/tiles/${TILE_ZOOM}/${x}/${y}.png`;
};

// Whichever render server wrote the page: each names the tiles on its own origin.
const tileSelector = (place: { lat: number; lon: number }) => `img.leaflet-tile[src$="${tilePath(place)}"]`;

const tileImage = (page: Page, place: { lat: number; lon: number }) => page.locator(tileSelector(place));

const MAP_BAND = 'section[aria-label="Office location map"]';

/** The server's preview of the map: the tile holding `place` as a plain image in the map's band. */
const previewTileSelector = (place: { lat: number; lon: number }) =>
  `${MAP_BAND} img:not(.leaflet-tile)[src$="${tilePath(place)}"]`;

/**
 * How far the map's centre lies from `place`, in screen pixels (at zoom 25 a pixel is a few
 * millimetres): by Leaflet's tile and map, or by the preview's tile and the band.
 */
async function centreOffset(
  page: Page,
  place: { lat: number; lon: number },
  [tileShown, mapShown] = [tileSelector(place), '.leaflet-container'],
) {
  const { withinX, withinY } = tileOf(place, TILE_ZOOM);
  // Both read at one moment: the page may still be scrolling (a wheel over the map scrolls it).
  const { tile, map } = await page.evaluate(
    (selectors) => {
      const box = (element: Element | null) => {
        const rect = element?.getBoundingClientRect();
        return rect && { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
      };
      return { tile: box(document.querySelector(selectors[0])), map: box(document.querySelector(selectors[1])) };
    },
    [tileShown, mapShown],
  );
  if (!tile || !map) throw new Error('The map or its tile is not shown');
  return {
    x: tile.x + withinX * tile.width - (map.x + map.width / 2),
    y: tile.y + withinY * tile.height - (map.y + map.height / 2),
  };
}

const form = (page: Page) => ({
  firstName: page.getByRole('textbox', { name: 'First name' }),
  lastName: page.getByRole('textbox', { name: 'Last name' }),
  email: page.getByRole('textbox', { name: 'Email' }),
  prefix: page.getByRole('combobox', { name: 'International prefix' }),
  number: page.getByRole('textbox', { name: 'Phone number' }),
  message: page.getByRole('textbox', { name: 'Message' }),
  send: page.getByRole('button', { name: 'Send message' }),
});

/** Accepts every alert, and tells what they said. */
function alerts(page: Page): string[] {
  const said: string[] = [];
  page.on('dialog', async (dialog) => {
    said.push(dialog.message());
    await dialog.accept();
  });
  return said;
}

async function fillIn(page: Page, email: string) {
  const fields = form(page);
  await fields.firstName.fill('Ana');
  await fields.lastName.fill('Ríos');
  await fields.email.fill(email);
  await fields.prefix.selectOption('+57');
  await fields.number.fill('300 123 4567');
  await fields.message.fill('Could we talk about your procurement piece?');
}

test.describe('the contact page', () => {
  test('shows the texts and contact details from the CMS', async ({ page }) => {
    await page.goto('/Contact');
    // The footer links the email and profiles too: the section's own are looked for in main.
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
    await expect(main.getByText('Questions about an article, speaking invitations')).toBeVisible();
    await expect(main.getByRole('link', { name: 'contact@mateoferrer-analysis.com' })).toHaveAttribute(
      'href',
      'mailto:contact@mateoferrer-analysis.com',
    );
    await expect(main.getByRole('link', { name: '+57 605 358 2741' })).toHaveAttribute('href', 'tel:+576053582741');
    const socials = main.getByRole('navigation', { name: 'Social links' });
    await expect(socials.getByRole('link')).toHaveText(['Facebook', 'X', 'LinkedIn', 'Instagram']);
    await expect(socials.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/mateo-ferrer-analyst',
    );

    const card = page.getByRole('region', { name: 'Send me a message' });
    await expect(card).toContainText('Fill in the form below and I will reply within three working days.');
  });

  test('centres the map on the place the CMS stored, and the browser asks no geocoder', async ({ page, request }) => {
    // The CMS placed the seeded address through the stand-in geocoder when it stored the details.
    const [stored] = await cmsData<ContactDetails[]>(request, 'contact-details?populate=*');
    expect(stored).toMatchObject({ latitude: STAND_IN_PLACE.lat, longitude: STAND_IN_PLACE.lon });
    const asked = browserGeocoderCalls(page);
    await page.goto('/Contact');
    await expect(page.getByText('Our office')).toBeVisible();
    await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(1);
    const offset = await centreOffset(page, STAND_IN_PLACE);
    expect(Math.abs(offset.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(offset.y)).toBeLessThanOrEqual(2);

    await page.reload();
    await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(1);
    expect(asked).toEqual([]);
    expect(await page.evaluate((address) => localStorage.getItem(`geocode:${address}`), ADDRESS)).toBeNull();
  });

  test.describe('on a CMS that stored another place', () => {
    const elsewhere = { lat: 10.9632, lon: -74.7964 };
    let other: Site;
    test.beforeAll(async () => {
      other = await siteWithStoredPlace({ latitude: elsewhere.lat, longitude: elsewhere.lon });
    });
    test.afterAll(() => other?.close());

    test('follows the place the CMS answers, wherever the geocoder would put the address', async ({ page }) => {
      const asked = browserGeocoderCalls(page);
      await page.goto(`${other.url}/Contact`);
      await expect(tileImage(page, elsewhere)).toHaveCount(1);
      const offset = await centreOffset(page, elsewhere);
      expect(Math.abs(offset.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(offset.y)).toBeLessThanOrEqual(2);
      await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(0);
      expect(asked).toEqual([]);
    });
  });

  test.describe('on a CMS that stored no place (its geocoder could not place the address)', () => {
    let other: Site;
    test.beforeAll(async () => {
      other = await siteWithStoredPlace({ latitude: null, longitude: null });
    });
    test.afterAll(() => other?.close());

    test('geocodes the address in the browser when the CMS stored no place, with tiles from the configured server', async ({
      page,
    }) => {
      const before = (await geocoderCalls()).length;
      await page.goto(`${other.url}/Contact`);
      const map = page.getByRole('region', { name: 'Office location map' });
      await expect(map.getByText('Our office')).toBeVisible();
      await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(1);
      await expect(tileImage(page, DEFAULT_CENTRE)).toHaveCount(0);

      const offset = await centreOffset(page, STAND_IN_PLACE);
      expect(Math.abs(offset.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(offset.y)).toBeLessThanOrEqual(2);

      const marker = await map.locator('.leaflet-marker-icon').boundingBox();
      const container = await page.locator('.leaflet-container').boundingBox();
      // The icon's tip (bottom middle) marks the place.
      expect(Math.abs(marker!.x + marker!.width / 2 - (container!.x + container!.width / 2))).toBeLessThanOrEqual(2);
      expect(Math.abs(marker!.y + marker!.height - (container!.y + container!.height / 2))).toBeLessThanOrEqual(2);

      const asked = (await geocoderCalls()).slice(before);
      expect(asked).toHaveLength(1);
      expect(asked[0].searchParams.get('format')).toBe('json');
      expect(asked[0].searchParams.get('q')).toBe(ADDRESS.replaceAll('#', ''));

      const tiles = (await standInRequests()).filter(({ pathname }) => pathname.startsWith('/tiles/'));
      expect(tiles.length).toBeGreaterThan(0);
      expect(tiles.every(({ pathname }) => pathname.startsWith(`/tiles/${TILE_ZOOM}/`))).toBe(true);
    });

    test('places a repeat visit from the browser’s cache, with no geocoder call, when the CMS stored no place', async ({
      page,
    }) => {
      await page.goto(`${other.url}/Contact`);
      await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(1);
      const cached = await page.evaluate((address) => localStorage.getItem(`geocode:${address}`), ADDRESS);
      expect(JSON.parse(cached ?? 'null')).toEqual(STAND_IN_PLACE);

      const before = (await geocoderCalls()).length;
      await page.reload();
      await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(1);
      await expect(page.getByText('Our office')).toBeVisible();
      expect((await geocoderCalls()).length).toBe(before);
    });

    test('keeps the default centre when the CMS stored no place and the geocoder fails', async ({ page }) => {
      await page.route(`${site.standInUrl}/geocoder/**`, (route) => route.fulfill({ status: 500, body: 'down' }));
      await page.goto(`${other.url}/Contact`);
      await expect(tileImage(page, DEFAULT_CENTRE)).toHaveCount(1);
      const offset = await centreOffset(page, DEFAULT_CENTRE);
      expect(Math.abs(offset.x)).toBeLessThanOrEqual(2);
      expect(Math.abs(offset.y)).toBeLessThanOrEqual(2);
      expect(await page.evaluate((address) => localStorage.getItem(`geocode:${address}`), ADDRESS)).toBeNull();
    });
  });

  test('serves the map’s tiles on the site’s own origin, asking the tile server once for each', async ({
    page,
    request,
  }) => {
    const path = tilePath(STAND_IN_PLACE);
    await page.goto('/Contact');
    await expect(page.locator(previewTileSelector(STAND_IN_PLACE))).toHaveAttribute('src', `${site.url}${path}`);
    await expect(tileImage(page, STAND_IN_PLACE)).toHaveAttribute('src', `${site.url}${path}`);
    await expect(tileImage(page, STAND_IN_PLACE)).toHaveJSProperty('complete', true);
    const askedOfTileServer = async () => (await standInRequests()).filter(({ pathname }) => pathname === path).length;
    const asked = await askedOfTileServer();
    expect(asked).toBeGreaterThan(0);

    const fromTileServer = await (await fetch(`${site.standInUrl}${path}`)).arrayBuffer();
    for (let visit = 0; visit < 2; visit += 1) {
      const tile = await request.get(`${site.url}${path}`);
      expect(tile.status()).toBe(200);
      expect(tile.headers()).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
      expect(Number(tile.headers().age)).toBeGreaterThanOrEqual(0);
      expect((await tile.body()).equals(Buffer.from(fromTileServer))).toBe(true);
    }
    // The one request above was the test's own.
    expect(await askedOfTileServer()).toBe(asked + 1);
    expect((await request.get(`${site.url}/tiles/19/${2 ** 19}/0.png`)).status()).toBe(404);
  });

  test('answers a tile 502 while the tile server is down, and the page as always', async ({ page }) => {
    const server = await startRenderServer({ config: { tileUrl: `${await deadOrigin()}/tiles/{z}/{x}/{y}.png` } });
    try {
      expect((await page.goto(`${server.url}/Contact`))?.status()).toBe(200);
      await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
      const tile = await page.request.get(`${server.url}${tilePath(STAND_IN_PLACE)}`);
      expect(tile.status()).toBe(502);
      expect(await tile.text()).toBe('Bad Gateway: the tile server did not answer');
    } finally {
      await server.close();
    }
  });

  test('holds the map still: no zoom control, dragging or wheel; the credits stay', async ({ page }) => {
    await page.goto('/Contact');
    await expect(tileImage(page, STAND_IN_PLACE)).toHaveCount(1);
    await expect(page.locator('.leaflet-control-zoom')).toHaveCount(0);
    // Reachable, not merely painted: nothing of the page may cover the licence's link.
    await page.getByRole('link', { name: 'OpenStreetMap' }).click({ trial: true });

    const container = (await page.locator('.leaflet-container').boundingBox())!;
    const centre = { x: container.x + container.width / 2, y: container.y + 60 };
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 150, centre.y + 40, { steps: 5 });
    await page.mouse.up();
    await page.mouse.dblclick(centre.x, centre.y);
    // Outwards: the map already shows its deepest zoom.
    await page.mouse.wheel(0, 300);

    await expect(page.locator('.leaflet-container')).not.toHaveAttribute('tabindex');
    await expect(page.getByText('Our office')).toBeVisible();
    const offset = await centreOffset(page, STAND_IN_PLACE);
    expect(Math.abs(offset.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(offset.y)).toBeLessThanOrEqual(2);
  });

  test('offers the country list’s prefixes, +1 chosen; the bundled ones, sent with the page, when the list is unreachable', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (sent) => sent.resourceType() === 'script' && scripts.push(sent.url()));
    await page.goto('/Contact');
    const { prefix } = form(page);
    await expect(prefix.locator('option')).toHaveText(['+1', '+34', '+44', '+57', '+1201', '+1202']);
    await expect(prefix).toHaveValue('+1');

    await page.route(`${site.standInUrl}/countries`, (route) => route.abort());
    await page.reload();
    await expect(prefix.locator('option[value="+971"]')).toHaveCount(1);
    expect(await prefix.locator('option').count()).toBeGreaterThan(200);
    await expect(prefix).toHaveValue('+1');
    expect(packagesIn(scripts), 'the bundled country data stays on the server').not.toContain('countries-list');
  });

  test('stores a sent message for the author, clears the form, and the public cannot read it', async ({ page }) => {
    const said = alerts(page);
    const email = `ana.${Date.now()}@example.test`;
    await page.goto('/Contact');
    await expect(form(page).prefix.locator('option[value="+57"]')).toHaveCount(1);
    await fillIn(page, email);
    await form(page).send.click();

    await expect.poll(() => said).toEqual(['Form submitted successfully!']);
    const { firstName, lastName, email: emailField, prefix, number, message } = form(page);
    for (const field of [firstName, lastName, emailField, number, message]) await expect(field).toHaveValue('');
    await expect(prefix).toHaveValue('+1');

    const stored = await author.listContactMessages();
    expect(stored).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          first_name: 'Ana',
          last_name: 'Ríos',
          email,
          phone: '+57 300 123 4567',
          message: 'Could we talk about your procurement piece?',
        }),
      ]),
    );

    const publicRead = await fetch(`${site.cmsUrl}/api/contact-me-forms`);
    expect([403, 404]).toContain(publicRead.status);
    expect(await publicRead.text()).not.toContain(email);
  });

  test('says the message failed, and keeps it, when the CMS is down', async ({ page }) => {
    const said = alerts(page);
    const email = `down.${Date.now()}@example.test`;
    await page.goto('/Contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
    await expect(form(page).prefix.locator('option[value="+57"]')).toHaveCount(1);
    await page.route(`${site.cmsUrl}/**`, (route) => route.abort());
    await fillIn(page, email);
    await form(page).send.click();

    await expect.poll(() => said).toEqual(['Failed to submit form. Please try again.']);
    await expect(form(page).email).toHaveValue(email);
    await expect(form(page).number).toHaveValue('300 123 4567');
    expect(JSON.stringify(await author.listContactMessages())).not.toContain(email);
  });

  test('shows an empty page with a working form when the CMS cannot be read', async ({ page }) => {
    // A render server whose CMS is down: it renders the frame and the page's empty views.
    const server = await startRenderServer({ config: { cmsUrl: await deadOrigin() } });
    try {
      const said = alerts(page);
      const response = await page.goto(`${server.url}/Contact`);
      expect(response?.status()).toBe(200);
      // The contact section shows the default map and the form, without texts.
      await expect(tileImage(page, DEFAULT_CENTRE)).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect(form(page).message).toBeEditable();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

      // The form still works: the message cannot be delivered, which the visitor is told.
      await fillIn(page, `nocms.${Date.now()}@example.test`);
      await form(page).send.click();
      await expect.poll(() => said).toEqual(['Failed to submit form. Please try again.']);
      await expect(form(page).message).toHaveValue('Could we talk about your procurement piece?');
    } finally {
      await server.close();
    }
  });

  test('fits a phone: nothing wider than the screen, the map and the form in reach', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/Contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
    await expect(page.getByText('Our office')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const { firstName, send } = form(page);
    const field = await firstName.boundingBox();
    expect(field!.x).toBeGreaterThanOrEqual(0);
    expect(field!.x + field!.width).toBeLessThanOrEqual(375);
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport({ ratio: 1 });
  });
});

test.describe('the map’s band without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the office’s tile from the server’s HTML, placed as the map places it', async ({ page }) => {
    await page.goto('/Contact');
    const tile = page.locator(previewTileSelector(STAND_IN_PLACE));
    await expect(tile).toHaveJSProperty('complete', true);
    expect(await tile.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const offset = await centreOffset(page, STAND_IN_PLACE, [previewTileSelector(STAND_IN_PLACE), MAP_BAND]);
    expect(Math.abs(offset.x)).toBeLessThan(1);
    expect(Math.abs(offset.y)).toBeLessThan(1);
  });
});

test.describe('the map’s JavaScript', () => {
  test('loads only on /Contact', async ({ page }) => {
    const leaflet = () => page.evaluate(() => 'L' in window);
    for (const path of ['/', '/Articles', '/New-start-here', '/New-letter', '/About']) {
      await page.goto(path);
      await expect(page.locator('main')).not.toContainText('Loading');
      expect(await leaflet(), path).toBe(false);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByText('Our office')).toBeVisible();
    expect(await leaflet()).toBe(true);
  });

  test('waits until the map nears the viewport: the map appears once scrolled to', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 300 });
    // The reader is at the form, far below the map, before the page comes to life.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => window.scrollTo(0, document.body.scrollHeight)),
    );
    const asked: string[] = [];
    page.on('request', (sent) => sent.resourceType() === 'script' && asked.push(sent.url()));
    await page.goto('/Contact');
    await page.waitForLoadState('networkidle');
    const scriptsBefore = asked.length;
    expect(await page.evaluate(() => 'L' in window)).toBe(false);
    await expect(page.locator('.leaflet-container')).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('.leaflet-container')).toBeVisible();
    expect(await page.evaluate(() => 'L' in window)).toBe(true);
    expect(asked.length, 'the map’s scripts load when it is wanted').toBeGreaterThan(scriptsBefore);
  });
});
