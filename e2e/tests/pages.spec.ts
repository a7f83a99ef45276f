import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { deadOrigin, renderServerFor } from '../support/render-server';
import type { About, ContactDetails, Media, StartHere } from '@blog/shared';
import { cmsData, expect, site, test, type Seeded } from '../support/site';

/** The first entry of a collection, as the CMS answers it to the site. */
async function entry<T>(request: APIRequestContext, collection: string): Promise<Seeded<T>> {
  const [first] = await cmsData<Seeded<T>[]>(request, `${collection}?populate=*`);
  return first;
}

/** The lines of a text written with the markup (spec §5), without their markup signs. */
const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replace(/^(#{1,4} |> ?)/, '').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1'));

/** `media` as the CMS keeps it, served from `mediaHost`. */
async function expectPhoto(image: Locator, media: Media, mediaHost: string) {
  await expect(image).toHaveAttribute('src', `${mediaHost}${media.url}`);
  await expect(image).toHaveAttribute('width', String(media.width ?? ''));
  await expect(image).toHaveAttribute('height', String(media.height ?? ''));
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

function logErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

// The site answers the CMS's uploads on its own origin; the section on its own names the CMS's.
for (const [where, origin, mediaHost] of [
  ['in the site', () => site.url, () => site.url],
  ['on its own', () => site.app('mf_pages'), () => site.cmsUrl],
] as const) {
  test.describe(`About ${where}`, () => {
    test('shows the title, phrase, social links, photo and description as the CMS holds them', async ({
      page,
      request,
    }) => {
      const about = await entry<About>(request, 'about-mes');
      const contact = await entry<ContactDetails>(request, 'contact-details');
      await page.goto(`${origin()}/About`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: about.title })).toBeVisible();
      await expect(main.getByText(about.phrase, { exact: true })).toBeVisible();
      for (const [name, href] of [
        ['Facebook', contact.Facebook_url],
        ['X', contact.x_url],
        ['LinkedIn', contact.linkedin_url],
        ['Instagram', contact.instagram_url],
      ]) {
        await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expectPhoto(main.getByRole('img'), about.photo, mediaHost());
      for (const paragraph of lines(about.description)) {
        await expect(main.getByText(paragraph, { exact: true })).toBeVisible();
      }
    });
  });

  test.describe(`Start here ${where}`, () => {
    test('shows the title, the photo with its credit and the formatted text as the CMS holds them', async ({
      page,
      request,
    }) => {
      const startHere = await entry<StartHere>(request, 'new-start-heres');
      await page.goto(`${origin()}/New-start-here`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: startHere.title })).toBeVisible();
      const figure = main.getByRole('figure', { name: startHere.photo_by });
      await expectPhoto(figure.getByRole('img'), startHere.photo, mediaHost());

      for (const line of startHere.text.split('\n').filter((line: string) => /^#{1,4} /.test(line))) {
        const [, hashes, heading] = /^(#{1,4}) (.*)$/.exec(line) as RegExpExecArray;
        await expect(main.getByRole('heading', { level: hashes.length, name: heading, exact: true })).toBeVisible();
      }
      for (const quote of startHere.text.split('\n').filter((line: string) => line.startsWith('>'))) {
        await expect(main.locator('blockquote', { hasText: quote.replace(/^> ?/, '') })).toBeVisible();
      }
      for (const [, label, href] of startHere.text.matchAll(/\[([^\]]+)\]\(([^)]+)\)/g)) {
        await expect(main.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
      }
      for (const line of lines(startHere.text)) {
        await expect(main.getByText(line, { exact: true }).first()).toBeVisible();
      }
    });

    test('renders bold as strong text, links inside it kept, no asterisks left', async ({ page }) => {
      // The seeded text has no bold: the CMS's answer gets some, around a passage holding a link.
      const passage = 'independent research institutes such as [SIPRI](https://www.sipri.org)';
      let answered = 0;
      await page.route(
        (url) => url.href.startsWith(`${site.cmsUrl}/api/new-start-heres`),
        async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { data: { text: string }[] };
          body.data[0].text = body.data[0].text.replace(passage, `**${passage}**`);
          answered += 1;
          await route.fulfill({ response, json: body });
        },
      );
      // Reached from another page, so that the browser reads the page (a first load is the render server's read).
      await page.goto(`${origin()}/About`);
      await page
        .getByRole('navigation')
        .getByRole('link', { name: /Start here/ })
        .click();
      await expect(page).toHaveURL(`${origin()}/New-start-here`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(answered, 'the browser read the page').toBe(1);
      const bold = main.locator('strong');
      await expect(bold).toHaveText(['independent research institutes such as SIPRI']);
      await expect(bold.getByRole('link', { name: 'SIPRI' })).toHaveAttribute('href', 'https://www.sipri.org');
      await expect(main).not.toContainText('**');
    });
  });
}

test.describe('About and Start here when the CMS is down', () => {
  const server = renderServerFor(async () => ({ config: { cmsUrl: await deadOrigin() } }));

  test('a photo asked of the site is a 502, and the site answers on', async ({ request }) => {
    const photo = await request.get(`${server().url}/uploads/author.jpg`);
    expect(photo.status()).toBe(502);
    expect(await photo.text()).toBe('Bad Gateway: the CMS did not answer');
    expect((await request.get(`${server().url}/About`)).status()).toBe(200);
  });

  for (const [path, other, otherCollection, label] of [
    ['/About', '/New-start-here', 'new-start-heres', 'New? Start here'],
    ['/New-start-here', '/About', 'about-mes', 'About'],
  ]) {
    test(`${path} stays empty, logs the failure and does not crash`, async ({ page }) => {
      const errors = logErrors(page);
      // The server could not read the page: it renders the frame and the page's empty view.
      const response = await page.goto(`${server().url}${path}`);
      expect(response?.status()).toBe(200);
      const article = page.getByRole('main').getByRole('article');
      await expect(article).toHaveAttribute('aria-busy', 'false');
      await expect(article).toHaveText('');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);

      // The browser reads the next page itself: the failure is logged there, the view stays empty.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`${server().url}${other}`);
      await expect(article).toHaveAttribute('aria-busy', 'false');
      await expect(article).toHaveText('');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect.poll(() => errors.join('\n')).toContain(`Failed to load ${otherCollection}`);
    });
  }
});
