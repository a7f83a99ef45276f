import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@blog/cms/testing';
import { startBucket, type BucketServer } from '@blog/release/testing/bucket';
import { rawRequest } from '../support/raw-request';
import { startRedis, type RedisServer } from '../support/redis';
import {
  ciOnBucket,
  changedCopy,
  refusal,
  releasedSite,
  respunBuild,
  type BucketCi,
  type CommandRun,
  type ReleasedSite,
} from '../support/releases';
import { deployNextBuild } from '../support/section-build';
import { expect, test } from '@playwright/test';
import { nav, reader } from '../support/site';
import varnishSupport from '../../scripts/varnish.cjs';

// Issue 30: a team ships its section with one command: an immutable release, checked before it
// goes live, switched in one registry every render server follows, rolled back in one command.

const NEXT = 'Released with npm run release';
const ABOUT_HEADING = /<h1[^>]*>/;

/** Folders the tests made, removed after them. */
const copies: string[] = [];

/** `dir`, removed after the tests. */
const removedAfter = (dir: string) => {
  copies.push(dir);
  return dir;
};

/** A copy of a build with `change` applied, removed after the tests. */
const copyOf = (folder: string, change: (dir: string) => void) => removedAfter(changedCopy(folder, change));

/** A build of a section (mf-pages by default) that differs from the run's only by a file no page loads: a new release id, the same code. */
const respun = (label: string, app = 'mf-pages') => removedAfter(respunBuild(app, label));

test.describe('releasing a section', () => {
  test.describe.configure({ mode: 'serial' });
  let site: ReleasedSite;
  let next: string;
  let throwing: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Two builds of the pages section from its sources, as a team's CI makes them: one with a visible change, one that throws.
    const shown = await deployNextBuild('mf-pages', {
      'src/about/AboutPage.tsx': (text) =>
        text.replace('{about?.phrase && ', `<p>${NEXT}</p>\n        {about?.phrase && `),
    });
    next = copyOf(shown.dir, () => undefined);
    await shown.close();
    const broken = await deployNextBuild('mf-pages', {
      'src/about/AboutPage.tsx': (text) =>
        text.replace(
          '{about?.phrase && ',
          `{(() => { throw new Error('A release that throws'); })()}\n        {about?.phrase && `,
        ),
    });
    throwing = copyOf(broken.dir, () => undefined);
    await broken.close();
    site = await releasedSite();
  });
  test.afterAll(async () => {
    await site?.close();
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  const about = async () => (await fetch(`${site.server.url}/About`)).text();
  const cacheOf = async (page: string) => (await fetch(`${site.server.url}${page}`)).headers.get('x-cache');

  test('publishes a release, serves it on every render server within a second, and keeps the first byte for byte', async () => {
    const first = site.live().mf_pages;
    const firstDir = path.join(site.store, 'mf_pages', first);
    // A `.br` copy is its file compressed, which fetch would decode: its file stands for it.
    const firstFiles = fs
      .readdirSync(firstDir)
      .filter((file) => !file.endsWith('.br') && fs.statSync(path.join(firstDir, file)).isFile());
    expect(await about()).not.toContain(NEXT);
    // Pages of both sections kept before the release.
    for (const page of ['/About', '/Contact']) {
      await fetch(`${site.server.url}${page}`);
      expect(await cacheOf(page), page).toBe('HIT');
    }

    const run = await site.run('release', 'mf-pages', '--from', next);
    expect(run.code, run.stderr).toBe(0);
    const [, id] = /mf_pages (\S+) is live \(was (\S+)\)/.exec(run.stdout) ?? [];
    expect(id).toMatch(/^1\.0\.0-[0-9a-f]{12}$/);
    expect(site.live().mf_pages).toBe(id);
    const returned = Date.now();
    await expect.poll(about, { timeout: 1_000, intervals: [50] }).toContain(NEXT);
    test
      .info()
      .annotations.push({ type: 'switch', description: `served ${Date.now() - returned} ms after the command` });
    // The released section's pages are rendered anew; another section's stay kept.
    expect(await cacheOf('/Contact')).toBe('HIT');
    const remotes = (await (await fetch(`${site.server.url}/remotes.json`)).json()) as Record<string, string>;
    expect(remotes.mf_pages).toBe(`${site.origins.mf_pages}/releases/${id}/mf-manifest.json`);

    // The first release is still there and served as it was: every file byte for byte, hashed files forever.
    for (const file of firstFiles) {
      const response = await fetch(`${site.origins.mf_pages}/releases/${first}/${file}`, {
        headers: { 'Accept-Encoding': 'identity' },
      });
      expect(response.status, file).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(fs.readFileSync(path.join(firstDir, file))), file).toBe(
        true,
      );
      expect(response.headers.get('cache-control'), file).toBe(
        /\.[0-9a-f]{8}\.[a-z0-9]+(\.map)?$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    expect((await fetch(`${site.origins.mf_pages}/releases/${first}/nothing.0123abcd.js`)).status).toBe(404);
  });

  test('refuses to publish an id it holds with other bytes, and changes nothing live', async () => {
    const live = site.live();
    const file = path.join(site.store, 'mf_pages', live.mf_pages, 'bundle-report.json');
    const published = fs.readFileSync(file);
    fs.appendFileSync(file, ' ');
    try {
      const run = await site.run('release', 'mf-pages', '--from', next);
      expect(refusal(run)).toEqual({ failed: true, lines: 1 });
      expect(run.stderr).toContain(`release ${live.mf_pages} of mf_pages exists with other bytes`);
      expect(site.live()).toEqual(live);
    } finally {
      fs.writeFileSync(file, published);
    }
  });

  test('the check refuses a missing chunk, a server build that throws and a React the shell does not provide', async () => {
    const live = site.live();
    const missingChunk = copyOf(next, (dir) => {
      // The server chunk that holds the About page: its code is gone from the release.
      const chunk = fs
        .readdirSync(path.join(dir, 'server'))
        .find(
          (file) =>
            file.endsWith('.js') &&
            fs.readFileSync(path.join(dir, 'server', file), 'utf8').includes(NEXT) &&
            file !== 'remoteEntry.js',
        );
      fs.rmSync(path.join(dir, 'server', chunk as string));
    });
    const react18 = copyOf(next, (dir) => {
      const file = path.join(dir, 'mf-manifest.json');
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        shared: { name: string; requiredVersion: string }[];
      };
      for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^18.3.1';
      fs.writeFileSync(file, JSON.stringify(manifest));
    });
    const refusals: [string, string | RegExp][] = [
      [missingChunk, /\/About rendered with the release (answers 500|shows the section's fallback)/],
      [throwing, /\/About rendered with the release (threw while rendered on the server|shows the section's fallback)/],
      [react18, 'react ^18.3.1 is wanted, the shell provides 19'],
    ];
    for (const [folder, reason] of refusals) {
      const run = await site.run('release', 'mf-pages', '--from', folder);
      expect(refusal(run), run.stderr).toEqual({ failed: true, lines: 1 });
      expect(run.stderr).toMatch(reason);
      expect(run.stderr).toContain(`${live.mf_pages} stays live`);
      expect(site.live()).toEqual(live);
    }
    expect(await about()).toContain(NEXT);
  });

  test('rolls back to the previous release through the same check, then lists the history', async () => {
    const [firstSwitch] = JSON.parse((await site.run('releases', 'mf-pages', '--json')).stdout) as { to: string }[];
    const released = site.live().mf_pages;
    const run = await site.run('release', 'mf-pages', '--rollback');
    expect(run.code, run.stderr).toBe(0);
    expect(site.live().mf_pages).toBe(firstSwitch.to);
    await expect.poll(about, { timeout: 1_000, intervals: [50] }).not.toContain(NEXT);
    expect(await about()).toMatch(ABOUT_HEADING);

    const history = JSON.parse((await site.run('releases', 'mf-pages', '--json')).stdout) as {
      action: string;
      from: string | null;
      to: string;
      check: string;
      live: string;
    }[];
    expect(history.at(-1)).toMatchObject({ action: 'rollback', from: released, to: firstSwitch.to, check: 'passed' });
    expect(history.filter(({ check }) => check !== 'passed' && !check.startsWith('skipped'))).toHaveLength(3);
    const table = (await site.run('releases', 'mf-pages')).stdout;
    expect(table).toContain(`rollback  ${released} → ${firstSwitch.to}  check: passed`);
    expect(table).toContain(`live now: mf_pages ${firstSwitch.to}`);
    // Append-only: the history before the rollback is the start of the history after it.
    const all = JSON.parse((await site.run('releases', '--json')).stdout) as unknown[];
    expect(all.length).toBeGreaterThan(history.length);
  });

  test('concurrent releases of two sections both land; of one section, one wins and the other is told to retry', async () => {
    const contact = respun('contact', 'mf-contact');
    const [pagesA, pagesB] = [respun('a'), respun('b')];
    const [pages, contacts] = await Promise.all([
      site.run('release', 'mf-pages', '--from', pagesA),
      site.run('release', 'mf_contact', '--from', contact),
    ]);
    expect([pages.code, contacts.code], pages.stderr + contacts.stderr).toEqual([0, 0]);
    const live = site.live();
    expect(pages.stdout).toContain(`mf_pages ${live.mf_pages} is live`);
    expect(contacts.stdout).toContain(`mf_contact ${live.mf_contact} is live`);

    const runs = await Promise.all([
      site.run('release', 'mf-pages', '--from', pagesB),
      site.run('release', 'mf-pages', '--from', respun('c')),
    ]);
    const codes = runs.map(({ code }) => code).sort();
    expect(codes).toEqual([0, 75]);
    const loser = runs.find(({ code }) => code === 75);
    expect(loser?.stderr.trim()).toMatch(/another release of mf_pages went live while this one was checked .*: retry$/);
  });

  test('bad input: a clear line, a non-zero exit, the live site as it was', async () => {
    const live = site.live();
    const withoutManifest = copyOf(next, (dir) => fs.rmSync(path.join(dir, 'mf-manifest.json')));
    const withoutServer = copyOf(next, (dir) => fs.rmSync(path.join(dir, 'server'), { recursive: true }));
    const withoutEntry = copyOf(next, (dir) => fs.rmSync(path.join(dir, 'remoteEntry.js')));
    const cases: [string[], string][] = [
      [['mf-nothing', '--from', next], 'unknown section mf-nothing: name one of mf-articles, mf-newsletter'],
      [['mf-pages', '--from', withoutManifest], 'has no mf-manifest.json'],
      [['mf-pages', '--from', withoutServer], 'has no server build (server/remoteEntry.js)'],
      [['mf-pages', '--from', withoutEntry], 'lacks remoteEntry.js, which its manifest names'],
      [['mf-pages', '--rollback', '1.0.0-0123456789ab'], 'mf_pages has no release 1.0.0-0123456789ab'],
      [['mf-pages', '--from', next, '--everyone'], 'unknown option --everyone'],
    ];
    for (const [args, message] of cases) {
      const run = await site.run('release', ...args);
      expect(refusal(run), args.join(' ')).toEqual({ failed: true, lines: 1 });
      expect(run.stderr).toContain(message);
    }
    expect(site.live()).toEqual(live);

    // A registry edited by hand into invalid JSON: the command refuses, the render server keeps the last it read.
    const registry = path.join(site.store, 'registry.json');
    const good = fs.readFileSync(registry, 'utf8');
    const remotes = await (await fetch(`${site.server.url}/remotes.json`)).text();
    fs.writeFileSync(registry, good.slice(0, 40));
    try {
      const run = await site.run('release', 'mf-pages', '--from', respun('d'));
      expect(refusal(run)).toEqual({ failed: true, lines: 1 });
      expect(run.stderr).toContain('registry.json cannot be read');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await (await fetch(`${site.server.url}/remotes.json`)).text()).toBe(remotes);
      const page = await fetch(`${site.server.url}/About`);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain('unavailable right now');
    } finally {
      fs.writeFileSync(registry, good);
    }
  });

  test('a page open across a release keeps its releases: it navigates everywhere, nothing fails; the next page shows the release', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const open = await reader(browser, site.server.url);
    await open.page.goto('/Home');
    const before = site.live().mf_pages;
    // While the release goes live, another reader loads pages: each hydrates with no warning.
    const during = await reader(browser, site.server.url);
    const released = site.run('release', 'mf-pages', '--from', next);
    let done = false;
    void released.then(() => (done = true));
    while (!done) await during.page.goto('/About');
    const run = await released;
    expect(run.code, run.stderr).toBe(0);
    await during.page.goto('/About');
    expect(during.warnings).toEqual([]);
    expect(during.failures).toEqual([]);

    // The open page goes on with the releases it was rendered with: the released section too.
    await nav(open.page, 'About');
    await expect(open.page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(open.page.getByText(NEXT)).toHaveCount(0);
    await nav(open.page, 'Articles');
    await expect(
      open.page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 }).first(),
    ).toBeVisible();
    await nav(open.page, 'Defense Analysis');
    await open.page
      .getByRole('link', { name: /^Continue reading/ })
      .first()
      .click();
    await expect(open.page.getByTestId('article-text')).toBeVisible();
    await nav(open.page, 'New? Start here');
    await expect(open.page.getByRole('heading', { name: 'New here? Start with these' })).toBeVisible();
    await expect(open.page.getByRole('alert')).toHaveCount(0);
    expect(open.failures).toEqual([]);
    expect(open.warnings).toEqual([]);
    expect(site.live().mf_pages).not.toBe(before);

    // The next page is the release's.
    const fresh = await reader(browser, site.server.url);
    await fresh.page.goto('/About');
    await expect(fresh.page.getByText(NEXT)).toBeVisible();
    expect(fresh.failures).toEqual([]);
    await Promise.all([open.context.close(), during.context.close(), fresh.context.close()]);
  });

  test('a page whose release was deleted reloads itself once, onto what is live', async ({ browser }) => {
    test.setTimeout(120_000);
    const open = await reader(browser, site.server.url);
    await open.page.goto('/Home');
    const pinned = site.live().mf_pages;
    // Five releases later, with none kept for its age, the page's release of the pages section is deleted.
    process.env.BLOG_RELEASE_KEEP_HOURS = '0';
    try {
      for (const label of ['e', 'f', 'g', 'h', 'i']) {
        const run = await site.run('release', 'mf-pages', '--from', respun(label));
        expect(run.code, run.stderr).toBe(0);
      }
    } finally {
      delete process.env.BLOG_RELEASE_KEEP_HOURS;
    }
    expect(fs.existsSync(path.join(site.store, 'mf_pages', pinned))).toBe(false);
    let loads = 0;
    open.page.on('load', () => (loads += 1));
    await nav(open.page, 'About');
    await expect.poll(() => loads).toBe(1);
    await expect(open.page).toHaveURL(/\/About$/);
    await expect(open.page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(open.page.getByRole('alert')).toHaveCount(0);
    await open.page.waitForTimeout(1_000);
    expect(loads).toBe(1);
    await open.context.close();
  });
});

test.describe('past one machine: the registry in Redis', () => {
  test.describe.configure({ mode: 'serial' });
  let redis: RedisServer;
  let site: ReleasedSite;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    redis = await startRedis();
    site = await releasedSite(redis.url);
  });
  test.afterAll(async () => {
    await site?.close();
    await redis?.stop();
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  const servedBy = async (server: { url: string }) =>
    ((await (await fetch(`${server.url}/remotes.json`)).json()) as Record<string, string>).mf_pages;

  test('two render servers on one Redis both serve a release within a second of the command; a corrupt registry leaves them as they were', async () => {
    const servers = [site.server, await site.another()];
    // The registry and its history are in Redis, not in the store's folder.
    expect(fs.existsSync(path.join(site.store, 'registry.json'))).toBe(false);
    expect(JSON.parse(redis.cli('GET', 'blog:releases:registry'))).toMatchObject({ revision: 5 });

    const run = await site.run('release', 'mf-pages', '--from', respun('redis'));
    expect(run.code, run.stderr).toBe(0);
    const returned = Date.now();
    const [, id, manifest] = /mf_pages (\S+) is live \(was \S+\): (\S+)/.exec(run.stdout) ?? [];
    await Promise.all(
      servers.map((server) => expect.poll(() => servedBy(server), { timeout: 1_000, intervals: [20] }).toBe(manifest)),
    );
    test.info().annotations.push({
      type: 'switch',
      description: `both served it ${Date.now() - returned} ms after the command`,
    });
    const history = await site.run('releases', 'mf-pages', '--json');
    expect((JSON.parse(history.stdout) as { to: string; live: string }[]).pop()).toMatchObject({ to: id, live: id });

    // A registry edited into invalid JSON: the command refuses in one line, the servers keep the last one they read.
    redis.cli('SET', 'blog:releases:registry', '{"revision": 1, ');
    redis.cli('PUBLISH', 'blog:releases:switched', '0');
    const refused = await site.run('release', 'mf-pages', '--rollback');
    expect(refusal(refused)).toEqual({ failed: true, lines: 1 });
    expect(refused.stderr).toContain('the registry in Redis (blog:releases:registry) cannot be read');
    for (const server of servers) {
      expect(await servedBy(server)).toBe(manifest);
      expect((await fetch(`${server.url}/About`)).status).toBe(200);
    }
  });
});

test.describe("a canary's limits per client", () => {
  let site: ReleasedSite;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Few renders a client a minute; visitors come straight to the render server.
    site = await releasedSite('', { BLOG_RENDERS_PER_CLIENT: '5' });
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test("one client that uses up its renders in the canary leaves a new visitor's first canary page to them", async () => {
    test.setTimeout(60_000);
    const run = await site.run('release', 'mf-pages', '--from', respun('canary limits'), '--canary', '50');
    expect(run.code, run.stderr).toBe(0);
    const canary = /mf_pages (\S+) is the canary/.exec(run.stdout)?.[1];
    // Each client from a loopback address of its own, which the render server sees as its address.
    const origin = `http://127.0.0.1:${new URL(site.server.url).port}`;
    const ask = (client: number, cookie?: string) =>
      rawRequest(origin, '/About', { headers: cookie ? { cookie } : {}, localAddress: `127.0.0.${client}` });
    await expect.poll(async () => (await ask(1)).headers['set-cookie']?.length, { timeout: 10_000 }).toBe(1);
    const inside = `blog_canary_mf_pages=${canary}:in`;
    const greedy: number[] = [];
    for (let count = 0; count < 8; count += 1) greedy.push((await ask(1, inside)).status);
    expect(greedy).toContain(429);
    // New visitors, each from an address of its own, until one is drawn into the canary.
    const drawnIn = [];
    for (let client = 2; client < 40 && drawnIn.length === 0; client += 1) {
      const first = await ask(client);
      expect(first.status).toBe(200);
      if (first.headers['set-cookie']?.[0]?.startsWith(`${inside};`)) drawnIn.push(client);
    }
    expect(drawnIn).toHaveLength(1);
  });
});

test.describe('a canary', () => {
  test.describe.configure({ mode: 'serial' });
  let site: ReleasedSite;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await releasedSite();
  });
  test.afterAll(async () => {
    await site?.close();
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The mf-pages release a page was rendered with. */
  const releaseIn = (html: string) =>
    new RegExp(`${site.origins.mf_pages}/releases/([^/]+)/mf-manifest\\.json`).exec(html)?.[1];

  /** A visit to a page of mf-pages with `cookie` (none: a new visitor): the mf-pages release it was rendered with, and the cookie it keeps. */
  const visit = async (cookie?: string) => {
    const response = await fetch(`${site.server.url}/About`, { headers: cookie ? { cookie } : {} });
    const html = await response.text();
    expect(response.status).toBe(200);
    const release = releaseIn(html);
    return {
      release,
      cookie: response.headers.get('set-cookie')?.split(';')[0] ?? cookie,
      cacheControl: response.headers.get('cache-control'),
    };
  };

  test('--canary 50: of 40 new visitors some get each release, each keeps theirs; --promote gives everyone the canary; --rollback ends one', async () => {
    test.setTimeout(120_000);
    const registry = () => fs.readFileSync(path.join(site.store, 'registry.json'), 'utf8');
    const before = registry();
    const live = site.live().mf_pages;
    for (const share of ['0', '150', 'abc']) {
      const run = await site.run('release', 'mf-pages', '--from', respun(`canary ${share}`), '--canary', share);
      expect(refusal(run), share).toEqual({ failed: true, lines: 1 });
      expect(run.stderr).toContain(`--canary takes a whole percent from 1 to 99 of new visitors, not ${share}`);
    }
    const none = await site.run('release', 'mf-pages', '--promote');
    expect(refusal(none)).toEqual({ failed: true, lines: 1 });
    expect(none.stderr).toContain('mf_pages has no canary to promote');
    expect(registry()).toBe(before);

    const run = await site.run('release', 'mf-pages', '--from', respun('canary'), '--canary', '50');
    expect(run.code, run.stderr).toBe(0);
    const canary = /mf_pages (\S+) is the canary for 50% of new visitors \((\S+) stays live/.exec(run.stdout)?.[1];
    expect(canary).toMatch(/^1\.0\.0-[0-9a-f]{12}$/);
    expect(site.live().mf_pages).toBe(live);
    // Known within a second; a first visitor drawn in waits for the canary's render server to start.
    await expect.poll(async () => (await visit()).cookie, { timeout: 10_000 }).toMatch(/^blog_canary_mf_pages=/);

    const visitors: Awaited<ReturnType<typeof visit>>[] = [];
    for (let count = 0; count < 40; count += 1) visitors.push(await visit());
    const got = (release: string) => visitors.filter((visitor) => visitor.release === release);
    expect(got(canary as string).length + got(live).length).toBe(40);
    expect(got(canary as string).length).toBeGreaterThan(0);
    expect(got(live).length).toBeGreaterThan(0);
    test.info().annotations.push({ type: 'canary', description: `${got(canary as string).length} of 40 got it` });
    for (const visitor of visitors) {
      expect(visitor.cookie).toBe(`blog_canary_mf_pages=${canary}:${visitor.release === canary ? 'in' : 'out'}`);
      // The canary's pages are kept by no shared cache; the live release's are the site's as before.
      expect(visitor.cacheControl === 'private, no-store').toBe(visitor.release === canary);
      for (let reload = 0; reload < 2; reload += 1) expect((await visit(visitor.cookie)).release).toBe(visitor.release);
    }
    const history = await site.run('releases', 'mf-pages');
    expect(history.stdout).toContain(`live now: mf_pages ${live}, canary ${canary} for 50% of new visitors`);

    const promoted = await site.run('release', 'mf-pages', '--promote');
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(site.live().mf_pages).toBe(canary);
    const out = visitors.find((visitor) => visitor.release === live);
    await expect.poll(async () => (await visit(out?.cookie)).release, { timeout: 1_000, intervals: [50] }).toBe(canary);
    for (let count = 0; count < 5; count += 1)
      expect(await visit()).toMatchObject({ release: canary, cookie: undefined });

    // Another canary, on nearly everyone, ended by --rollback: its visitors are back on what is live.
    const next = await site.run('release', 'mf-pages', '--from', respun('canary 2'), '--canary', '99');
    expect(next.code, next.stderr).toBe(0);
    const second = /mf_pages (\S+) is the canary/.exec(next.stdout)?.[1];
    await expect.poll(async () => (await visit()).release, { timeout: 5_000 }).toBe(second);
    const inside = await visit();
    const ended = await site.run('release', 'mf-pages', '--rollback');
    expect(ended.stdout).toContain(`mf_pages canary ${second} ended: ${canary} is live for everyone`);
    await expect
      .poll(async () => (await visit(inside.cookie)).release, { timeout: 1_000, intervals: [50] })
      .toBe(canary);
    const json = JSON.parse((await site.run('releases', 'mf-pages', '--json')).stdout) as { action: string }[];
    expect(json.slice(-4).map(({ action }) => action)).toEqual(['canary', 'promote', 'canary', 'rollback']);
  });

  test('with Varnish in front both sides are kept, and a kept page sets no cookie of another visitor', async () => {
    test.setTimeout(60_000);
    const live = site.live().mf_pages;
    const run = await site.run('release', 'mf-pages', '--from', respun('canary kept'), '--canary', '50');
    expect(run.code, run.stderr).toBe(0);
    const canary = /mf_pages (\S+) is the canary/.exec(run.stdout)?.[1];
    const port = await freePort();
    const varnish = await varnishSupport.startVarnish({
      listen: `127.0.0.1:${port}`,
      backend: { host: '127.0.0.1', port: new URL(site.server.url).port },
    });
    try {
      const get = async (cookie?: string) => {
        const response = await fetch(`${varnish.url}/Home`, { headers: cookie ? { cookie } : {} });
        expect(response.status).toBe(200);
        return {
          release: releaseIn(await response.text()),
          cache: response.headers.get('x-varnish-cache'),
          cookies: response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]),
        };
      };
      // Varnish asks the render server for a side at most a second after it knows of the canary.
      await expect.poll(async () => (await get()).cookies, { timeout: 10_000 }).toHaveLength(1);
      const visitors: Awaited<ReturnType<typeof get>>[] = [];
      for (let count = 0; count < 20; count += 1) visitors.push(await get());
      // Each new visitor is given the side of the page it got, by Varnish: the kept page has no cookie.
      for (const { release, cookies } of visitors)
        expect(cookies).toEqual([`blog_canary_mf_pages=${canary}:${release === canary ? 'in' : 'out'}`]);
      expect(new Set(visitors.map(({ release }) => release))).toEqual(new Set([canary, live]));
      expect(visitors.filter(({ cache }) => cache === 'HIT').length).toBeGreaterThanOrEqual(18);
      // Returning visitors: their side's kept page, and no cookie.
      for (const [side, release] of [
        ['in', canary],
        ['out', live],
      ]) {
        const cookie = `theme=dark; blog_canary_mf_pages=${canary}:${side}`;
        await get(cookie);
        expect(await get(cookie)).toEqual({ release, cache: 'HIT', cookies: [] });
      }
    } finally {
      await new Promise<void>((resolve) => varnish.close(resolve));
      const ended = await site.run('release', 'mf-pages', '--rollback');
      expect(ended.code, ended.stderr).toBe(0);
    }
  });

  test('three canaries run on three render servers at most, whatever cookies arrive, and none once they end', async () => {
    test.setTimeout(180_000);
    const apps = { mf_articles: 'mf-articles', mf_contact: 'mf-contact', mf_pages: 'mf-pages' };
    const canaries: Record<string, string> = {};
    for (const [container, app] of Object.entries(apps)) {
      const run = await site.run('release', app, '--from', respun(`three canaries: ${app}`, app), '--canary', '30');
      expect(run.code, run.stderr).toBe(0);
      canaries[container] = new RegExp(`${container} (\\S+) is the canary`).exec(run.stdout)?.[1] as string;
    }
    /** The render server's child processes (the render servers of canaries), by pid. */
    const children = () => {
      try {
        return execFileSync('ps', ['--ppid', String(site.server.pid), '-o', 'pid='])
          .toString()
          .trim()
          .split(/\s+/);
      } catch {
        // `ps` fails when it lists none.
        return [];
      }
    };
    await expect
      .poll(async () => (await fetch(`${site.server.url}/About`)).headers.getSetCookie().length, { timeout: 10_000 })
      .toBe(3);
    // Every combination of sides, as visitors who pick their cookies send them.
    const containers = Object.keys(apps);
    const started = new Set<string>();
    for (let round = 0; round < 3; round += 1)
      for (let combination = 1; combination < 2 ** containers.length; combination += 1) {
        const cookie = containers
          .map(
            (container, bit) =>
              `blog_canary_${container}=${canaries[container]}:${combination & (1 << bit) ? 'in' : 'out'}`,
          )
          .join('; ');
        expect((await fetch(`${site.server.url}/About`, { headers: { cookie } })).status).toBe(200);
        for (const pid of children()) started.add(pid);
      }
    // Three, each started once: none stopped to make room for another combination.
    expect(started.size).toBeLessThanOrEqual(3);
    for (const app of Object.values(apps)) {
      const ended = await site.run('release', app, '--rollback');
      expect(ended.code, ended.stderr).toBe(0);
    }
    await expect.poll(() => children().length, { timeout: 10_000 }).toBe(0);
  });
});

test.describe('releases from anywhere: the store in a bucket', () => {
  test.describe.configure({ mode: 'serial' });
  const SHOWN = 'Released from another machine';
  const STORE = 'site';
  let redis: RedisServer;
  let bucket: BucketServer;
  let site: ReleasedSite;
  let ci: BucketCi;
  let shown: string;
  /** mf-pages's origin: the bucket's public address of its releases. */
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    [redis, bucket] = await Promise.all([startRedis(), startBucket()]);
    site = await releasedSite(redis.url);
    origin = `${bucket.endpoint}/${bucket.bucket}/${STORE}/mf_pages`;
    // mf-pages served from the bucket, the other sections where they are.
    ci = await ciOnBucket(bucket, redis.url, { ...site.origins, mf_pages: origin }, STORE);
    const next = await deployNextBuild('mf-pages', {
      'src/about/AboutPage.tsx': (text) =>
        text.replace('{about?.phrase && ', `<p>${SHOWN}</p>\n        {about?.phrase && `),
    });
    shown = path.join(ci.dir, 'shown');
    fs.cpSync(next.dir, shown, { recursive: true });
    await next.close();
  });
  test.afterAll(async () => {
    await site?.close();
    await Promise.all([redis?.stop(), bucket?.stop()]);
    ci?.close();
    for (const dir of copies) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run release -- mf-pages …args` as the team's CI runs it. */
  const fromCi = (args: string[], settings: Record<string, string> = {}) =>
    ci.run(['release', 'mf-pages', ...args], settings);
  const aboutOn = async (server: { url: string }) => (await fetch(`${server.url}/About`)).text();
  /** The keys the bucket holds under `prefix`, as anyone lists them. */
  const keysUnder = async (prefix: string) =>
    [
      ...(
        await (
          await fetch(`${bucket.endpoint}/${bucket.bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`)
        ).text()
      ).matchAll(/<Key>([^<]+)<\/Key>/g),
    ].map(([, key]) => key);
  const liveId = (run: CommandRun) => /mf_pages (\S+) is live \(was \S+\): (\S+)/.exec(run.stdout) ?? [];

  test('a CI with the bucket and Redis only releases a section: two render servers serve it within a second, a browser loads it from the bucket', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const servers = [site.server, await site.another()];
    const quiet = await fromCi(['--from', respun('bucket')]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toContain(`published in s3://${bucket.bucket}/${STORE}`);

    const run = await fromCi(['--from', shown]);
    expect(run.code, run.stderr).toBe(0);
    const returned = Date.now();
    const [, id, manifest] = liveId(run);
    expect(manifest).toBe(`${origin}/releases/${id}/mf-manifest.json`);
    await Promise.all(
      servers.map((server) => expect.poll(() => aboutOn(server), { timeout: 1_000, intervals: [20] }).toContain(SHOWN)),
    );
    test.info().annotations.push({
      type: 'switch',
      description: `both served it ${Date.now() - returned} ms after the command`,
    });
    // Nothing of it in the site's store: the release is in the bucket.
    expect(fs.existsSync(path.join(site.store, 'mf_pages', id))).toBe(false);
    expect(await keysUnder(`${STORE}/mf_pages/published/`)).toHaveLength(2);

    // A reader's browser loads the section from the bucket: on a page rendered with it, and on its way from another.
    for (const start of ['/About', '/Home']) {
      const visit = await reader(browser, site.server.url);
      const fromBucket: string[] = [];
      visit.page.on('response', (response) => response.url().startsWith(origin) && fromBucket.push(response.url()));
      await visit.page.goto(start);
      if (start !== '/About') await nav(visit.page, 'About');
      await expect(visit.page.getByText(SHOWN)).toBeVisible();
      expect(
        fromBucket.some((url) => url.endsWith('/remoteEntry.js')),
        start,
      ).toBe(true);
      expect(visit.failures, start).toEqual([]);
      expect(visit.warnings, start).toEqual([]);
      await visit.context.close();
    }
  });

  test('the CI rolls it back, and pruning deletes old releases from the bucket', async () => {
    test.setTimeout(240_000);
    const history = JSON.parse((await site.run('releases', 'mf-pages', '--json')).stdout) as { to: string }[];
    const [released, before] = [history.at(-1)?.to as string, history.at(-2)?.to as string];
    const rollback = await fromCi(['--rollback']);
    expect(rollback.code, rollback.stderr).toBe(0);
    expect(liveId(rollback)[1]).toBe(before);
    await expect.poll(() => aboutOn(site.server), { timeout: 1_000, intervals: [50] }).not.toContain(SHOWN);

    // Five releases later, none kept for its age: the two first in the bucket are deleted from it.
    let said = '';
    for (const label of ['j', 'k', 'l', 'm', 'n']) {
      const run = await fromCi(['--from', respun(`bucket ${label}`)], { BLOG_RELEASE_KEEP_HOURS: '0' });
      expect(run.code, run.stderr).toBe(0);
      said += run.stdout;
    }
    expect(said).toMatch(new RegExp(`deleted ${before}[^]*deleted ${released}`));
    for (const id of [before, released]) {
      expect(await keysUnder(`${STORE}/mf_pages/releases/${id}/`)).toEqual([]);
      expect((await fetch(`${origin}/releases/${id}/mf-manifest.json`)).status).toBe(404);
      const gone = await fromCi(['--rollback', id]);
      expect(gone.stderr.trim()).toBe(`release: mf_pages has no release ${id}`);
    }
    expect(await keysUnder(`${STORE}/mf_pages/published/`)).toHaveLength(5);
  });
});
