import { author } from '@blog/cms/testing';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { deadOrigin, renderServerFor } from '../support/render-server';
import { expect, hydrationAware, site, test } from '../support/site';

// Seed articles (cms/seed/content.json).
const BUDGETS = 'Budgets in an Era of Rearmament: What 2027 Will Test';
const CYBER_INSURANCE = 'Cyber Insurance and the Defense Contractor';
const ZERO_TRUST = 'Zero Trust Meets the Flight Line';
const PHISHING = 'Phishing the Supply Chain: Cyber Risk in Second-Tier Suppliers';
const NATO = "NATO's Two Percent Became a Floor";
// Already the most commented article: the comments these tests add never reorder MOST POPULAR.
const MUNITIONS = 'Munitions Math: Why Artillery Shells Became a Strategic Commodity';

const articlePath = (title: string) => `/Articles?title=${encodeURIComponent(title)}`;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const latest = (page: Page) => page.getByRole('region', { name: 'Latest articles' });
// The articles' own texts hold headings too.
const homeTitles = (page: Page) => latest(page).getByRole('article').locator('> h2');
const cardTitles = (page: Page) =>
  page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
// The seed's 17 articles: a page of 12, then 5.
const FIRST_PAGE = 12;
const detailTitle = (page: Page, title: string) => page.getByRole('heading', { level: 1, name: title, exact: true });

/** Every alert the page shows, accepted. */
function alerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', async (dialog) => {
    messages.push(dialog.message());
    await dialog.accept();
  });
  return messages;
}

/**
 * A comment as a visitor posts it, then approved by the author: only this test votes on it. It
 * is returned once the article's page shows it (the CMS tells the site within 2 s).
 */
async function approvedComment(request: APIRequestContext, name: string): Promise<string> {
  const response = await request.post(`${site.cmsUrl}/api/comments`, {
    data: { data: { name, comment: `Posted by the browser tests as ${name}.`, article: MUNITIONS } },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { documentId: string } };
  await author.approveComment(data.documentId);
  await expect
    .poll(async () => (await request.get(`${site.url}${articlePath(MUNITIONS)}`)).text(), {
      timeout: 2_000,
      intervals: [100],
    })
    .toContain(name);
  return data.documentId;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A comment's vote buttons, each named by what it does and the count it shows ("Like comment by Ana, 3 likes"). */
function voteButtons(page: Page, name: string): { like: Locator; dislike: Locator } {
  const named = (label: string) =>
    page.getByRole('button', { name: new RegExp(`^${label} comment by ${escapeRegExp(name)},`) });
  return { like: named('Like'), dislike: named('Dislike') };
}

test.describe('home', () => {
  test('shows the two newest articles, newest first, with the banner and the sidebar', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Defense Analysis for the Data-Driven Age' }),
    ).toBeVisible();
    await expect(page.getByText('YOUR EMAIL ADDRESS')).toBeVisible();
    await expect(page.getByText('SING UP')).toBeVisible();
    await expect(homeTitles(page)).toHaveText([BUDGETS, CYBER_INSURANCE]);

    const [first, second] = [latest(page).getByRole('article').nth(0), latest(page).getByRole('article').nth(1)];
    await expect(first.getByText('NOV 9, 2026')).toBeVisible();
    await expect(first.getByRole('button', { name: /^Share on / })).toHaveCount(4);
    await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
    expect(await first.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Only the text longer than 15 lines is cut.
    await expect(first.getByRole('link', { name: /^Continue reading\.\.\./ })).toBeVisible();
    await expect(second.getByRole('link', { name: /^Continue reading/ })).toHaveCount(0);

    const popular = page.getByRole('region', { name: 'MOST POPULAR ARTICLES' }).getByRole('link');
    await expect(popular).toHaveCount(5);
    await expect(popular.first()).toHaveText(MUNITIONS);
    await expect(page.getByRole('region', { name: 'TOPICS' }).getByRole('link', { name: 'Cyber (3)' })).toBeVisible();
  });

  test('continue reading opens the article in place; both backs return to the home page', async ({ page }) => {
    await page.goto('/Home');
    await latest(page)
      .getByRole('link', { name: /^Continue reading/ })
      .click();
    await expect(page).toHaveURL(`${site.url}/Home?title=${encodeURIComponent(BUDGETS)}`);
    await expect(detailTitle(page, BUDGETS)).toBeFocused();
    await expect(page.locator('audio')).toHaveAttribute('src', /\/uploads\/intro_rearmament_2027.*\.wav$/);
    await expect(page.getByText('Written By Mateo Ferrer')).toBeVisible();
    await expect(page.getByRole('region', { name: 'SOURCES' }).getByRole('listitem')).toHaveCount(4);
    await expect(latest(page)).toHaveCount(0);

    await page.getByRole('button', { name: '← Back to Articles' }).click();
    await expect(page).toHaveURL(`${site.url}/Home`);
    await expect(latest(page).getByRole('link', { name: BUDGETS, exact: true })).toBeFocused();

    await latest(page).getByRole('link', { name: CYBER_INSURANCE }).click();
    await expect(detailTitle(page, CYBER_INSURANCE)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${site.url}/Home`);
    await expect(homeTitles(page)).toHaveText([BUDGETS, CYBER_INSURANCE]);
  });

  test('renders bold as strong text on the home page and in the article’s detail, no asterisks left', async ({
    page,
  }) => {
    // The seed's bold passages of BUDGETS: its opening sentence (within the home page's 15 lines) and a later line.
    const opening =
      'Defense budgets are rising almost everywhere, and 2027 will test whether that money turns into capability.';
    const later = 'Investors should separate companies that can grow output from those that can only grow backlog.';
    await page.goto('/Home');
    const first = latest(page).getByRole('article').first();
    await expect(first.locator('strong')).toHaveText([opening]);
    await expect(first).not.toContainText('**');

    await first.getByRole('link', { name: /^Continue reading/ }).click();
    await expect(detailTitle(page, BUDGETS)).toBeVisible();
    const body = page.getByTestId('article-text');
    await expect(body.locator('strong')).toHaveText([opening, later]);
    await expect(page.getByRole('main')).not.toContainText('**');
  });

  test('a topic click lists the articles of that topic', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'TOPICS' }).getByRole('link', { name: 'Cyber (3)' }).click();
    await expect(page).toHaveURL(`${site.url}/Articles?search=Cyber`);
    await expect(searchBox(page)).toHaveValue('Cyber');
    await expect(cardTitles(page)).toHaveText([CYBER_INSURANCE, ZERO_TRUST, PHISHING]);
  });
});

test.describe('articles', () => {
  test('lists every article newest first, a page at a time, and filters live on the title or a topic, in any case', async ({
    page,
  }) => {
    await page.goto('/Articles');
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    await expect(page.getByText('Looking for something special?')).toBeVisible();
    await expect(searchBox(page)).toHaveAttribute('placeholder', 'Search by title or category...');
    await expect(cardTitles(page)).toHaveCount(FIRST_PAGE);
    await expect(cardTitles(page).first()).toHaveText(BUDGETS);
    await expect(page.getByRole('status').filter({ hasText: 'articles' })).toHaveText('17 articles, page 1 of 2');

    await pager(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(`${site.url}/Articles?page=2`);
    await expect(cardTitles(page)).toHaveCount(17 - FIRST_PAGE);
    await expect(cardTitles(page).last()).toHaveText('Why Multi-Year Procurement Is Back in Fashion');
    await expect(pager(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(cardTitles(page).first()).toHaveText(BUDGETS);

    await searchBox(page).pressSequentially('NAVAL');
    await expect(cardTitles(page)).toHaveText([
      "Latin America's Quiet Modernization",
      'Submarines, Sensors and the Undersea Balance',
      'The Shipyard Problem: Capacity, Not Cash',
    ]);
    await expect(page).toHaveURL(`${site.url}/Articles?search=NAVAL`);
    await expect(pager(page)).toHaveCount(0);
    await searchBox(page).fill('two percent');
    await expect(cardTitles(page)).toHaveText([NATO]);
    await page.getByRole('button', { name: 'SEARCH' }).click();
    await expect(page).toHaveURL(`${site.url}/Articles?search=two+percent`);
    await expect(cardTitles(page)).toHaveText([NATO]);

    // The address holds the search: a reload shows the same results.
    await page.reload();
    await expect(searchBox(page)).toHaveValue('two percent');
    await expect(cardTitles(page)).toHaveText([NATO]);
  });

  test('cards show the first topic, a photo of the right size and four lines of text with bold', async ({ page }) => {
    await page.goto('/Articles?page=2');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Why Multi-Year Procurement Is Back in Fashion' }) });
    await expect(card.getByText('Procurement', { exact: true })).toHaveText('Procurement');
    await expect(card.locator('strong').first()).toHaveText(/^Multi-year procurement is the closest thing/);
    const description = card.getByTestId('card-description');
    const lineHeight = await description.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    expect((await description.boundingBox())?.height).toBeLessThanOrEqual(4 * lineHeight + 1);
    // Below the fold: the photo waits, and its space is kept meanwhile.
    const photo = card.locator('img');
    await expect(photo).toHaveAttribute('loading', 'lazy');
    await expect(photo).toHaveAttribute('width', '1200');
    await expect(photo).toHaveAttribute('height', '675');
  });

  test('a shared link lands on the article, and the list is one click away', async ({ page }) => {
    await page.goto(articlePath(NATO));
    await expect(detailTitle(page, NATO)).toBeVisible();
    await page.getByRole('button', { name: '← Back to Articles' }).click();
    await expect(page).toHaveURL(`${site.url}/Articles`);
    await expect(cardTitles(page)).toHaveCount(FIRST_PAGE);
  });

  test('opening a card pushes its address; the browser’s back button returns to the list', async ({ page }) => {
    await page.goto('/Articles');
    await searchBox(page).fill('cyber');
    await expect(cardTitles(page)).toHaveText([CYBER_INSURANCE, ZERO_TRUST, PHISHING]);
    await page.getByRole('link', { name: ZERO_TRUST }).click();
    await expect(page).toHaveURL(`${site.url}${articlePath(ZERO_TRUST)}`);
    await expect(detailTitle(page, ZERO_TRUST)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${site.url}/Articles?search=cyber`);
    await expect(searchBox(page)).toHaveValue('cyber');
    await expect(page.getByRole('link', { name: ZERO_TRUST })).toBeFocused();
  });

  test('an article’s recording plays in the page’s player, and in the browser’s own without JavaScript', async ({
    page,
    browser,
  }) => {
    await page.goto(articlePath(BUDGETS));
    const player = page.getByRole('group', { name: `Listen to ${BUDGETS}` });
    await player.getByRole('button', { name: 'Play' }).click();
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(player.getByRole('slider', { name: 'Position' })).toBeEnabled();
    await expect
      .poll(() => player.locator('audio').evaluate((audio: HTMLAudioElement) => audio.currentTime))
      .toBeGreaterThan(0);
    await player.getByRole('button', { name: 'Pause' }).click();
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

    const withoutScripts = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    const reader = await withoutScripts.newPage();
    await reader.goto(articlePath(BUDGETS));
    const native = reader.getByRole('group', { name: `Listen to ${BUDGETS}` }).locator('audio[controls]');
    await expect(native).toBeVisible();
    await expect(native).toHaveAttribute('src', /\/uploads\/intro_rearmament_2027.*\.wav$/);
    await expect(reader.getByRole('button', { name: 'Play' })).toBeHidden();
    await withoutScripts.close();
  });

  test('a title that names no article shows the list', async ({ page }) => {
    await page.goto(articlePath('No such article'));
    await expect(cardTitles(page)).toHaveCount(FIRST_PAGE);
  });

  test('topics and recommendations of an article lead to the list searched for them', async ({ page }) => {
    await page.goto(articlePath(BUDGETS));
    await page.getByRole('navigation', { name: 'Topics' }).getByRole('link', { name: 'Geopolitics' }).click();
    await expect(searchBox(page)).toHaveValue('Geopolitics');
    await expect(cardTitles(page)).toHaveCount(5);

    await page.goto(articlePath(BUDGETS));
    await page.getByRole('region', { name: 'Recommended articles' }).getByRole('link', { name: NATO }).click();
    await expect(searchBox(page)).toHaveValue(NATO);
    await expect(cardTitles(page)).toHaveText([NATO]);
  });

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto('/Articles');
    await searchBox(page).focus();
    await page.keyboard.type('zero trust');
    await expect(cardTitles(page)).toHaveText([ZERO_TRUST]);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'SEARCH' })).toBeFocused();
    // The search's facets (issue 31), its topic then its year, come before its results.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Cyber (1)' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '2026 (1)' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: ZERO_TRUST })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(detailTitle(page, ZERO_TRUST)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: '← Back to Articles' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: ZERO_TRUST })).toBeFocused();
  });
});

test.describe('without the CMS', () => {
  const server = renderServerFor(async () => ({ config: { cmsUrl: await deadOrigin() } }));

  test('the views stay in place, empty, and the failure is only logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const expectEmpty = async () => {
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.locator('main article')).toHaveCount(0);
    };
    // Rendered by a server that could not read the CMS: the frame and the empty views.
    for (const path of ['/', '/Articles', articlePath(NATO)]) {
      const response = await page.goto(`${server().url}${path}`);
      expect(response?.status()).toBe(200);
      await expectEmpty();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    }
    await expect(searchBox(page)).toBeVisible();

    // Reached from another page, the views are read by the browser: the failures are logged there.
    await page.goto(`${server().url}/About`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Articles' }).click();
    await expect(page).toHaveURL(`${server().url}/Articles`);
    await expectEmpty();
    await searchBox(page).fill('cyber');
    await expect(page).toHaveURL(`${server().url}/Articles?search=cyber`);
    await expectEmpty();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Defense Analysis' }).click();
    await expect(page).toHaveURL(`${server().url}/Home`);
    await expectEmpty();
    await expect.poll(() => errors.join('\n')).toContain('Failed to load article-summaries');
    await expect.poll(() => errors.join('\n')).toContain('Failed to load articles');
  });
});

test.describe('sharing', () => {
  test.beforeEach(async ({ context }) => {
    // These machines have no internet: the networks' share pages are answered here.
    await context.route(/^https:\/\/(www\.facebook\.com|twitter\.com|www\.linkedin\.com)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    );
  });

  test('opens a 600x400 window on the network’s share address carrying the article’s address', async ({ page }) => {
    await page.goto('/');
    const articleUrl = encodeURIComponent(`${site.url}${articlePath(BUDGETS)}`);
    const first = latest(page).getByRole('article').first();

    for (const [label, target] of [
      ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${articleUrl}`],
      ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${articleUrl}`],
    ]) {
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        first.getByRole('button', { name: `Share on ${label}` }).click(),
      ]);
      await expect.poll(() => popup.url()).toBe(target);
      expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([600, 400]);
      await popup.close();
    }

    const [tweet] = await Promise.all([
      page.waitForEvent('popup'),
      first.getByRole('button', { name: 'Share on X' }).click(),
    ]);
    await expect.poll(() => tweet.url()).toContain(`https://twitter.com/intent/tweet?url=${articleUrl}&text=`);
    const text = new URL(tweet.url()).searchParams.get('text') as string;
    expect(text.startsWith(`${BUDGETS} - `)).toBe(true);
    expect(Array.from(text.slice(BUDGETS.length + 3))).toHaveLength(100);
    await tweet.close();
  });

  test('opens the photo for Instagram', async ({ page }) => {
    await page.goto(articlePath(NATO));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Share on Instagram' }).click(),
    ]);
    await expect.poll(() => popup.url()).toMatch(new RegExp(`^${site.url}/uploads/geopolitics_globe.*\\.jpg$`));
  });
});

test.describe('comments', () => {
  test('a posted comment is stored unapproved, stays hidden, and appears once the author approves it', async ({
    page,
  }) => {
    const messages = alerts(page);
    const name = unique('Reader');
    await page.goto(articlePath(MUNITIONS));
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Comment', { exact: true }).fill('The energetics bottleneck deserves its own article.');
    await page.getByRole('button', { name: 'COMMENT', exact: true }).click();

    await expect.poll(() => messages).toEqual(['Form submitted successfully!']);
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: 'once the author approves it' })).toBeVisible();

    const stored = (await author.listComments()).find((comment) => comment.name === name);
    expect(stored).toMatchObject({ article: MUNITIONS, approve_comment: false });
    await page.reload();
    await expect(page.getByRole('region', { name: /Community comments/ })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByText(name)).toHaveCount(0);

    await author.approveComment(stored?.documentId as string);
    const posted = page.getByRole('listitem').filter({ hasText: name });
    // The CMS lets browsers keep its answers for 5 seconds: a reload shows the approval within them.
    await expect(async () => {
      await page.reload();
      await expect(posted).toContainText('The energetics bottleneck deserves its own article.', { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(posted).toContainText(/just now|minute/);
  });

  test('a post the CMS does not store says so and keeps what was written', async ({ page }) => {
    const messages = alerts(page);
    await page.route(`${site.cmsUrl}/api/comments`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { data: null, error: { status: 500 } } })
        : route.continue(),
    );
    await page.goto(articlePath(MUNITIONS));
    await page.getByLabel('Full name').fill('Nobody');
    await page.getByRole('button', { name: 'COMMENT', exact: true }).click();
    await expect.poll(() => messages).toEqual(['Failed to submit form. Please try again.']);
    await expect(page.getByLabel('Full name')).toHaveValue('Nobody');
  });
});

test.describe('votes', () => {
  test('like, dislike and back move the counts one step each, and a repeated vote is refused', async ({
    page,
    request,
  }) => {
    const name = unique('Voter');
    const documentId = await approvedComment(request, name);
    const messages = alerts(page);
    await page.goto(articlePath(MUNITIONS));
    const { like, dislike } = voteButtons(page, name);

    await like.click();
    await expect(like).toHaveAccessibleName(`Like comment by ${name}, 1 like`);
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await like.click();
    await expect.poll(() => messages).toEqual(['Ya has dado like a este comentario.']);

    await dislike.click();
    await expect(dislike).toHaveAccessibleName(`Dislike comment by ${name}, 1 dislike`);
    await expect(like).toHaveAccessibleName(`Like comment by ${name}, 0 likes`);
    await dislike.click();
    await expect
      .poll(() => messages)
      .toEqual(['Ya has dado like a este comentario.', 'Ya has dado dislike a este comentario.']);
    expect(await author.readComment(documentId)).toMatchObject({ like: '0', dislike: '1' });

    await like.click();
    await expect(like).toHaveAccessibleName(`Like comment by ${name}, 1 like`);
    await expect(dislike).toHaveAccessibleName(`Dislike comment by ${name}, 0 dislikes`);
    expect(await author.readComment(documentId)).toMatchObject({ like: '1', dislike: '0' });
  });

  test('a vote the CMS refuses says so', async ({ page, request }) => {
    const name = unique('Refused');
    await approvedComment(request, name);
    const messages = alerts(page);
    await page.route(`${site.cmsUrl}/api/comments/*`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { data: null, error: { status: 500 } } })
        : route.continue(),
    );
    await page.goto(articlePath(MUNITIONS));
    const { like, dislike } = voteButtons(page, name);
    await like.click();
    await expect.poll(() => messages).toEqual(['Failed to update like. Please try again.']);
    await dislike.click();
    await expect
      .poll(() => messages)
      .toEqual(['Failed to update like. Please try again.', 'Failed to update dislike. Please try again.']);
    await expect(like).toHaveAccessibleName(`Like comment by ${name}, 0 likes`);
  });

  test('two visitors voting from the same counts are both counted', async ({ browser, request }) => {
    const name = unique('Popular');
    const documentId = await approvedComment(request, name);
    const visitors = (
      await Promise.all([browser.newPage({ baseURL: site.url }), browser.newPage({ baseURL: site.url })])
    ).map(hydrationAware);
    for (const visitor of visitors) {
      await visitor.goto(articlePath(MUNITIONS));
      await expect(voteButtons(visitor, name).like).toHaveAccessibleName(`Like comment by ${name}, 0 likes`);
    }
    await Promise.all(visitors.map((visitor) => voteButtons(visitor, name).like.click()));
    await expect.poll(async () => (await author.readComment(documentId)).like).toBe('2');
    // Within the 5 seconds browsers may keep the CMS's answers, a reload can still show the count it read last.
    await expect(async () => {
      await visitors[0].reload();
      await expect(voteButtons(visitors[0], name).like).toHaveAccessibleName(`Like comment by ${name}, 2 likes`, {
        timeout: 1000,
      });
    }).toPass({ timeout: 15_000 });
    await Promise.all(visitors.map((visitor) => visitor.close()));
  });
});
