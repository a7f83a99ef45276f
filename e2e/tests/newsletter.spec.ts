import type { Page } from '@playwright/test';
import { deadManifest, deadOrigin, renderServerFor } from '../support/render-server';
import type { Newsletter } from '@blog/shared';
import { cmsData, expect, site, test, type Seeded } from '../support/site';

// The seed's articles by year (cms/seed/content.json): 2026 is the latest.
const NATO = "NATO's Two Percent Became a Floor";
const PHISHING = 'Phishing the Supply Chain: Cyber Risk in Second-Tier Suppliers';

const archive = (page: Page) => page.getByRole('region', { name: 'NewsLetters by date' });
const yearSelector = (page: Page) => page.getByRole('combobox', { name: 'Year' });
const months = (page: Page) => archive(page).getByRole('heading', { level: 3 });
const rows = (page: Page, month: string) => archive(page).getByRole('region', { name: month }).getByRole('link');
const row = (page: Page, title: string) => archive(page).getByRole('link', { name: title });

/** The detail's '← Back to Articles' (its arrow is decoration, so the name may leave it out). */
async function backToArticles(page: Page) {
  const back = page.getByRole('button', { name: 'Back to Articles' });
  await expect(back).toHaveText('← Back to Articles');
  await back.click();
}

async function newsletterEntry(request: import('@playwright/test').APIRequestContext) {
  const [newsletter] = await cmsData<Seeded<Newsletter>[]>(request, 'news-letters?populate=*');
  return newsletter;
}

test.describe('the newsletter archive', () => {
  test('shows the banner as the CMS holds it and an inert sign-up box', async ({ page, request }) => {
    const newsletter = await newsletterEntry(request);
    await page.goto('/New-letter');
    await expect(page.getByRole('heading', { level: 1, name: newsletter.title })).toBeVisible();
    await expect(page.getByText(newsletter.sub_title, { exact: true })).toBeVisible();
    await expect(page.getByText(newsletter.invitation_message_to_join, { exact: true })).toBeVisible();

    await expect(page.getByText('YOUR EMAIL ADDRESS')).toBeVisible();
    await expect(page.getByText('SING UP')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  });

  test('selects the latest year and lists its months newest first, each newest day first', async ({ page }) => {
    await page.goto('/New-letter');
    await expect(yearSelector(page)).toHaveValue('2026');
    await expect(yearSelector(page).getByRole('option')).toHaveText(['2026', '2025', '2024']);
    await expect(months(page)).toHaveText(['NOVEMBER', 'OCTOBER', 'JUNE', 'APRIL', 'FEBRUARY']);
    await expect(rows(page, 'JUNE')).toHaveText([
      /^JUN\s*29\s*Drones at Scale: The Attritable Aircraft Bet\s*→$/,
      /^JUN\s*15\s*Latin America's Quiet Modernization\s*→$/,
    ]);
  });

  test('switches years, keeps the year in the address, and the back button returns to the last one', async ({
    page,
  }) => {
    await page.goto('/New-letter');
    await expect(yearSelector(page)).toHaveValue('2026');
    await yearSelector(page).selectOption('2024');
    await expect(page).toHaveURL(`${site.url}/New-letter?year=2024`);
    await expect(months(page)).toHaveText(['NOVEMBER', 'AUGUST', 'MAY', 'FEBRUARY']);
    await expect(rows(page, 'NOVEMBER')).toHaveText([/NOV\s*25\s*Defense Stocks/, /NOV\s*4\s*Rare Earths/]);

    await page.reload();
    await expect(yearSelector(page)).toHaveValue('2024');
    await page.goBack();
    await expect(yearSelector(page)).toHaveValue('2026');
    await expect(months(page).first()).toHaveText('NOVEMBER');
  });

  test('opens an article in the detail of mf-articles and comes back to the same year', async ({ page }) => {
    await page.goto('/New-letter?year=2025');
    await expect(rows(page, 'MARCH')).toHaveText([/MAR\s*28\s*NATO/, /MAR\s*14\s*Phishing/]);
    await row(page, NATO).click();
    await expect(page).toHaveURL(`${site.url}/New-letter?year=2025&title=${encodeURIComponent(NATO)}`);
    await expect(page.getByRole('heading', { level: 1, name: NATO })).toBeVisible();
    await expect(archive(page)).toHaveCount(0);

    await backToArticles(page);
    await expect(page).toHaveURL(`${site.url}/New-letter?year=2025`);
    await expect(yearSelector(page)).toHaveValue('2025');
    await expect(row(page, NATO)).toBeFocused();
  });

  test('a MOST POPULAR article opens in the same view, and Back returns to the archive’s year', async ({ page }) => {
    await page.goto('/New-letter?year=2025');
    await row(page, NATO).click();
    const popular = page
      .getByRole('region', { name: 'MOST POPULAR ARTICLES' })
      .getByRole('link')
      .filter({ hasNotText: NATO })
      .first();
    const title = (await popular.textContent()) as string;
    await popular.click();
    await expect(page).toHaveURL(`${site.url}/New-letter?year=2025&title=${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await backToArticles(page);
    await expect(page).toHaveURL(`${site.url}/New-letter?year=2025`);
    await expect(months(page)).toHaveText(['DECEMBER', 'SEPTEMBER', 'JUNE', 'MARCH', 'JANUARY']);
  });

  test('the browser’s back button closes an article; a reload keeps it open', async ({ page }) => {
    await page.goto('/New-letter?year=2025');
    await row(page, PHISHING).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: PHISHING })).toBeVisible();
    await page.goBack();
    await expect(yearSelector(page)).toHaveValue('2025');
    await expect(row(page, PHISHING)).toBeVisible();
  });
});

test.describe('the newsletter archive with mf-articles down', () => {
  const server = renderServerFor(async () => ({ remotes: { mf_articles: await deadManifest() } }));

  test('a link to an article shows the fallback in place, and the archive is one step away', async ({ page }) => {
    const response = await page.goto(`${server().url}/New-letter?year=2025&title=${encodeURIComponent(NATO)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'The Article section is unavailable right now.',
    );
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(`${server().url}/New-letter`);
    await expect(yearSelector(page)).toHaveValue('2026');
    await expect(months(page).first()).toHaveText('NOVEMBER');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('opening an article shows the fallback, and the archive keeps working', async ({ page }) => {
    await page.goto(`${server().url}/New-letter?year=2025`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await row(page, NATO).click();
    await expect(page.getByRole('alert')).toContainText('The Article section is unavailable right now.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    await page.goBack();
    await expect(yearSelector(page)).toHaveValue('2025');
    await yearSelector(page).selectOption('2024');
    await expect(months(page).first()).toHaveText('NOVEMBER');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('the newsletter archive when the CMS is down', () => {
  const server = renderServerFor(async () => ({ config: { cmsUrl: await deadOrigin() } }));

  test('stays empty, logs the failure and does not crash', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    // Rendered by the server, which could not read the CMS: the frame and the empty archive.
    const response = await page.goto(`${server().url}/New-letter`);
    expect(response?.status()).toBe(200);
    const expectEmpty = async () => {
      await expect(archive(page)).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect(yearSelector(page)).toHaveCount(0);
      await expect(archive(page).getByRole('link')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    };
    await expectEmpty();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Reached in the browser from another page, the archive is read by the browser: the failures
    // are logged, and it stays empty.
    await page.goto(`${server().url}/About`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(`${server().url}/New-letter`);
    await expectEmpty();
    await expect.poll(() => errors.join('\n')).toContain('Failed to load news-letters');
    expect(errors.join('\n')).toContain('Failed to load archive-years');
  });
});

test.describe('the newsletter archive on its own', () => {
  test('runs standalone and opens articles through its own remotes.json', async ({ page, request }) => {
    const newsletter = await newsletterEntry(request);
    await page.goto(`${site.app('mf_newsletter')}/New-letter`);
    await expect(page.getByRole('heading', { level: 1, name: newsletter.title })).toBeVisible();
    await expect(yearSelector(page)).toHaveValue('2026');
    await yearSelector(page).selectOption('2025');
    await row(page, NATO).click();
    await expect(page.getByRole('heading', { level: 1, name: NATO })).toBeVisible();
    await backToArticles(page);
    await expect(yearSelector(page)).toHaveValue('2025');
  });
});
