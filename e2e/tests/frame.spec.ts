import { deadManifest, deploySection, startRenderServer, renderServerFor } from '../support/render-server';
import {
  MOST_API_REQUESTS,
  askedTwice,
  countReactRenderers,
  expect,
  firstVisit,
  reactRenderers,
  site,
  test,
} from '../support/site';

const ROUTES = [
  { path: '/', title: 'Home' },
  { path: '/Home', title: 'Home' },
  { path: '/Articles', title: 'Articles' },
  { path: '/New-start-here', title: 'Start here' },
  { path: '/New-letter', title: 'Newsletter' },
  { path: '/About', title: 'About' },
  { path: '/Contact', title: 'Contact' },
];

test.describe('the frame', () => {
  for (const { path, title } of ROUTES) {
    test(`${path} shows the navigation, its section and the footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} · Defense Analysis`);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('main')).not.toContainText('Loading');
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('each page asks the CMS for what it shows, once, in a few requests', async ({ browser }) => {
    const article = `/Articles?title=${encodeURIComponent("NATO's Two Percent Became a Floor")}`;
    for (const path of [...ROUTES.map(({ path }) => path), article, '/New-letter?year=2024']) {
      const visit = await firstVisit(browser, path);
      expect(visit.requests.length, `${path} asked:\n${visit.requests.join('\n')}`).toBeLessThanOrEqual(
        MOST_API_REQUESTS,
      );
      // The footer and the page beside it (About, Contact) share what they both show.
      expect(askedTwice(visit.requests), `${path} asked twice`).toEqual([]);
      await visit.close();
    }
  });

  test('the footer lists the newest articles and the author’s social links from the CMS', async ({ page }) => {
    await page.goto('/About');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', /^https:\/\//);
    await expect(footer.getByRole('heading', { name: 'Recent articles' })).toBeVisible();
    await expect(footer.getByRole('link', { name: /Budgets in an Era of Rearmament/ })).toHaveAttribute(
      'href',
      /^\/Articles\?title=Budgets%20in%20an%20Era/,
    );
  });

  test('the navigation links and the logo lead to their pages and mark the current one', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, title] of [
      ['Articles', '/Articles', 'Articles'],
      ['New? Start here', '/New-start-here', 'Start here'],
      ['Newsletter', '/New-letter', 'Newsletter'],
      ['About', '/About', 'About'],
      ['Contact', '/Contact', 'Contact'],
    ]) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`${site.url}${path}`);
      await expect(page).toHaveTitle(`${title} · Defense Analysis`);
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    await nav.getByRole('link', { name: 'Defense Analysis' }).click();
    await expect(page).toHaveURL(`${site.url}/Home`);
  });

  test('an unknown address shows the not-found page inside the frame', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    // Rendered on the server, it says so to crawlers too.
    expect(response?.status()).toBe(404);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Defense Analysis');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(`${site.url}/Home`);
  });

  test('at a phone width the menu opens from the hamburger and each link closes it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Articles' })).toBeHidden();
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    await hamburger.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL(`${site.url}/New-letter`);
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });
});

test.describe('dark mode', () => {
  test('toggles, is remembered across a reload, and is light by default', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}') as unknown)).toEqual({
      darkMode: true,
    });
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('dark mode without the bundles', () => {
  // The bundles are held back: the page never hydrates, and is looked at as the browser first paints it.
  test.use({ awaitHydration: false });

  test('paints the rendered page dark from the first frame, before any script bundle has run', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('userInfo', JSON.stringify({ darkMode: true })));
    // Hold back every bundle: what shows now is what the browser paints first.
    await page.route('**/*.js', (route) =>
      route.request().url().endsWith('/config.js') ? route.continue() : route.abort(),
    );
    await page.goto('/About');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(14, 18, 23)');
    // What is painted dark is the page itself, as the server rendered it, not an empty frame.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'LinkedIn' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  });
});

test.describe('composition at run time', () => {
  test('a page holds exactly one copy of React and of Module Federation’s runtime, whichever sections it loads', async ({
    page,
  }) => {
    await countReactRenderers(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Articles', 'Newsletter', 'Contact', 'About', 'New? Start here']) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.locator('main')).not.toContainText('Loading');
    }
    expect(await reactRenderers(page)).toHaveLength(1);
    // Each container (the shell's, each section's) is an instance of the runtime it runs on: one class, one runtime.
    const runtimes = await page.evaluate(() => {
      const { __INSTANCES__: instances } = (window as unknown as { __FEDERATION__: { __INSTANCES__: object[] } })
        .__FEDERATION__;
      return { containers: instances.length, classes: new Set(instances.map((instance) => instance.constructor)).size };
    });
    expect(runtimes.containers).toBeGreaterThanOrEqual(5);
    expect(runtimes.classes).toBe(1);
  });

  test.describe('with a section whose host is down', () => {
    const server = renderServerFor(async () => ({ remotes: { mf_pages: await deadManifest() } }));

    test('its page shows the fallback in place while everything else works', async ({ page }) => {
      const response = await page.goto(`${server().url}/About`);
      expect(response?.status()).toBe(200);
      // In place: inside the page's main, between the navigation and the footer the server rendered.
      await expect(page.getByRole('main').getByRole('alert')).toContainText(
        'The About section is unavailable right now.',
      );
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'LinkedIn' })).toBeVisible();
      // The browser tries once more on its own, and then on each Retry: the host is still down.
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('alert')).toContainText('The About section is unavailable right now.');

      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
      await expect(page).toHaveTitle('Articles · Defense Analysis');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.locator('main')).not.toContainText('Loading');
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    });

    test('the other sections’ pages render as usual', async ({ page }) => {
      await page.goto(`${server().url}/Contact`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });

  test('the browser loads a section the server could not, and shows it', async ({ page, request }) => {
    // Deployed without its server build: the browser can load it, a render server cannot.
    const deployment = await deploySection('mf_pages', { serverBuild: false });
    const server = await startRenderServer({ remotes: { mf_pages: deployment.manifestUrl } });
    try {
      const html = await (await request.get(`${server.url}/About`)).text();
      // React separates the pieces of a text with empty comments.
      expect(html.replaceAll('<!-- -->', '')).toContain('The About section is unavailable right now.');
      await page.goto(`${server.url}/About`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('img')).toBeVisible();
    } finally {
      await server.close();
      await deployment.close();
    }
  });

  test('the retry loads a section that failed once', async ({ page }) => {
    let failures = 0;
    await page.route(`${site.app('mf_pages')}/remoteEntry.js`, (route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort();
      }
      return route.continue();
    });
    await page.goto('/Articles');
    // Reached in the browser, by the keyboard (pointing would preload it): its first load fails.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${site.url}/About`);
    await expect(page.getByRole('alert')).toContainText('The About section is unavailable right now.');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Loading');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(failures).toBe(1);
  });

  test('pointing at a link for 100 ms preloads its section; leaving sooner does not', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.clock.install();
    await page.goto('/Articles');
    await expect(page.locator('main')).not.toContainText('Loading');
    // The page's clock stands still from here: the 100 ms are exact however busy the machine is.
    await page.clock.pauseAt(Date.now() + 1000);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const fromSection = (name: 'mf_contact' | 'mf_pages') => requested.filter((url) => url.startsWith(site.app(name)));

    await nav.getByRole('link', { name: 'Contact' }).hover();
    await page.clock.runFor(99);
    await page.mouse.move(0, 400);
    await page.clock.runFor(1000);
    expect(fromSection('mf_contact')).toEqual([]);

    await nav.getByRole('link', { name: 'About' }).hover();
    await page.clock.runFor(99);
    expect(fromSection('mf_pages')).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => fromSection('mf_pages')).toContain(`${site.app('mf_pages')}/remoteEntry.js`);
    await expect(page).toHaveURL(`${site.url}/Articles`);
  });
});
