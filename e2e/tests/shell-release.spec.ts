import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBucket, type BucketServer } from '@blog/release/testing/bucket';
import { expect, test } from '@playwright/test';
import { startRedis, type RedisServer } from '../support/redis';
import {
  ciOnBucket,
  changedCopy,
  refusal,
  releasedSite,
  respunBuild,
  runBuild,
  type BucketCi,
  type CommandRun,
  type ReleasedSite,
} from '../support/releases';
import { startRenderServer, type RenderServer } from '../support/render-server';
import { deployNextBuild } from '../support/section-build';
import { nav, reader } from '../support/site';

// Issue 42: the shell released like a section. The shell's server entry is the shell's own server
// build, which a render server loads at run time from the shell's build it serves; `npm run release
// -- shell` publishes that build, checks it against every live section, and every render server
// follows it within a second, as it follows a section's release.

const FOOTER_NOTE = 'Shell released on its own';

/** A team's next build of the shell with `changes`, kept in a folder of its own (`changedCopy`). */
async function nextShell(changes: Record<string, (text: string) => string>): Promise<string> {
  const built = await deployNextBuild('shell', changes);
  const dir = changedCopy(built.dir, () => undefined);
  await built.close();
  return dir;
}

/** The team's two next builds of the shell: one with a note in the footer, one that breaks the page contract. */
interface NextShells {
  next: string;
  breaking: string;
}
let nextShells: Promise<NextShells> | undefined;
/** Built once for the file's tests, both of the folder store's and the bucket's. */
const nextShellBuilds = () =>
  (nextShells ??= (async () => ({
    next: await nextShell({
      'src/components/Footer.tsx': (text) =>
        text.replace('<p className="footer-note">', `<p className="footer-note">\n        ${FOOTER_NOTE} ·{' '}`),
    }),
    // The page contract changed under the sections: every section's page throws as the shell renders it.
    breaking: await nextShell({
      'src/Root.tsx': (text) =>
        text.replace(
          '<SectionLoaderContext.Provider value={loader}>',
          `<SectionLoaderContext.Provider
        value={{
          ...loader,
          peek: (id) => {
            const module = loader.peek(id);
            return module && { ...module, default: () => { throw new Error('The page contract changed'); } };
          },
        }}
      >`,
        ),
    }),
  }))());

/** What the footer of `/About` says on `server`. */
const footerOn = async (server: RenderServer) => {
  const html = await (await fetch(`${server.url}/About`)).text();
  return html.slice(html.indexOf('<footer'));
};

/**
 * `connections` requests at a time to `servers`, each asking again as soon as it is answered, until
 * `stop` is called: what failed (an error or an answer of 500 and up), and how many were answered.
 */
function load(servers: RenderServer[], connections: number) {
  let running = true;
  const failed: string[] = [];
  let answered = 0;
  const paths = ['/About', '/Articles', '/Home', '/New-letter', '/Contact'];
  const connection = async (index: number) => {
    for (let count = index; running; count += 1) {
      const url = `${servers[count % servers.length].url}${paths[count % paths.length]}`;
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status >= 500) failed.push(`${url} ${response.status}`);
        answered += 1;
      } catch (error) {
        failed.push(`${url} ${(error as Error).message}`);
      }
    }
  };
  const done = Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));
  return {
    async stop() {
      running = false;
      await done;
      return { failed, answered };
    },
  };
}

test.describe('the shell released like a section', () => {
  test.describe.configure({ mode: 'serial' });
  let next: string;
  let breaking: string;
  let site: ReleasedSite;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    ({ next, breaking } = await nextShellBuilds());
    site = await releasedSite();
  });
  test.afterAll(async () => {
    await site?.close();
  });

  test('a render server renders with the shell build it serves, and the page comes alive on it', async ({
    browser,
  }) => {
    // One after the other: each takes the next of the run's ports.
    const server = await startRenderServer({ shell: next });
    const plain = await startRenderServer();
    try {
      // The render server's own program is the run's: only the shell build it serves differs.
      expect(await footerOn(server)).toContain(FOOTER_NOTE);
      expect(await footerOn(plain)).not.toContain(FOOTER_NOTE);
      const { context, page, warnings, failures } = await reader(browser, server.url);
      await page.goto('/About');
      await expect(page.locator('footer')).toContainText(FOOTER_NOTE);
      await nav(page, 'Articles');
      await expect(
        page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 }).first(),
      ).toBeVisible();
      await expect(page.locator('footer')).toContainText(FOOTER_NOTE);
      expect(warnings).toEqual([]);
      expect(failures).toEqual([]);
      await context.close();
    } finally {
      await Promise.all([server.close(), plain.close()]);
    }
  });

  test('a shell release is live on two render servers within a second, no request failing; a page open across the switch goes on', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const servers = [site.server, await site.another()];
    const before = site.live().shell;
    expect(before).toBeDefined();
    const open = await reader(browser, site.server.url);
    await open.page.goto('/About');
    await expect(open.page.locator('footer')).not.toContainText(FOOTER_NOTE);

    const running = load(servers, 20);
    const run = await site.run('release', 'shell', '--from', next);
    expect(run.code, run.stderr).toBe(0);
    const returned = Date.now();
    await Promise.all(
      servers.map((server) =>
        expect.poll(() => footerOn(server), { timeout: 1_000, intervals: [20] }).toContain(FOOTER_NOTE),
      ),
    );
    test.info().annotations.push({
      type: 'switch',
      description: `both served it ${Date.now() - returned} ms after the command`,
    });
    const { failed, answered } = await running.stop();
    expect(failed).toEqual([]);
    expect(answered).toBeGreaterThan(20);
    expect(site.live().shell).not.toBe(before);

    // The page opened before the switch keeps its own shell, and its scripts, for the rest of the visit.
    await nav(open.page, 'Articles');
    await expect(
      open.page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 }).first(),
    ).toBeVisible();
    await nav(open.page, 'New? Start here');
    await expect(open.page.getByRole('heading', { name: 'New here? Start with these' })).toBeVisible();
    await nav(open.page, 'Contact');
    await expect(open.page.getByRole('main')).toBeVisible();
    await expect(open.page.getByRole('alert')).toHaveCount(0);
    expect(open.failures).toEqual([]);
    expect(open.warnings).toEqual([]);
    await open.context.close();

    // A new visitor gets the new shell, alive.
    const fresh = await reader(browser, servers[1].url);
    await fresh.page.goto('/Home');
    await expect(fresh.page.locator('footer')).toContainText(FOOTER_NOTE);
    expect(fresh.failures).toEqual([]);
    expect(fresh.warnings).toEqual([]);
    await fresh.context.close();
  });

  test('a shell that makes the live sections throw is refused in one line, and the site is unchanged', async () => {
    test.setTimeout(120_000);
    const live = site.live().shell;
    const run = await site.run('release', 'shell', '--from', breaking);
    expect(refusal(run)).toEqual({ failed: true, lines: 1 });
    expect(run.stderr).toContain(`shell`);
    expect(run.stderr).toMatch(
      /refused, \S+ stays live: \/\S* rendered with the release (shows the section's fallback|threw)/,
    );
    expect(site.live().shell).toBe(live);
    expect(await footerOn(site.server)).toContain(FOOTER_NOTE);
    const about = await (await fetch(`${site.server.url}/About`)).text();
    expect(about).not.toContain('section is unavailable right now');
  });

  test('a rollback returns the shell live before on every render server, and the history tells it', async () => {
    const live = site.live().shell;
    const run = await site.run('release', 'shell', '--rollback');
    expect(run.code, run.stderr).toBe(0);
    await expect.poll(() => footerOn(site.server), { timeout: 1_000, intervals: [50] }).not.toContain(FOOTER_NOTE);
    expect(site.live().shell).not.toBe(live);

    const history = await site.run('releases', 'shell');
    expect(history.code, history.stderr).toBe(0);
    const lines = history.stdout.trim().split('\n');
    expect(lines.every((line) => line.includes('shell'))).toBe(true);
    expect(lines.some((line) => /shell {2}rollback {2}\S+ → \S+ {2}check: passed/.test(line))).toBe(true);
    expect(lines.some((line) => / check: (?!passed|skipped)/.test(line))).toBe(true);
    expect(lines.at(-1)).toBe(`live now: shell ${site.live().shell}`);
  });

  test('a section release is checked on the shell kept for rollback too, and a shell release with the sections kept for rollback', async () => {
    test.setTimeout(120_000);
    // Live: the first shell; kept for rollback: the one with the footer's note. A release of the pages section renders on both.
    const pages = respunBuild('mf-pages', 'respun');
    const section = await site.run('release', 'mf-pages', '--from', pages);
    fs.rmSync(pages, { recursive: true, force: true });
    expect(section.code, section.stderr).toBe(0);
    // The pages section's first release is kept for rollback now: the shell renders with it too before it goes live.
    const shell = await site.run('release', 'shell', '--from', next);
    expect(shell.code, shell.stderr).toBe(0);
    await expect.poll(() => footerOn(site.server), { timeout: 1_000, intervals: [50] }).toContain(FOOTER_NOTE);
    const history = JSON.parse((await site.run('releases', '--json')).stdout) as { section: string; check: string }[];
    expect(history.slice(-2).map(({ section, check }) => [section, check])).toEqual([
      ['mf_pages', 'passed'],
      ['shell', 'passed'],
    ]);
  });

  test("a shell's canary splits new visitors, each kept on their shell, a canary visitor's page alive; --promote gives everyone the canary", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const live = site.live().shell;
    // The first shell again, as the canary of the shell with the footer's note.
    const first = changedCopy(runBuild('shell'), () => undefined);
    const run = await site.run('release', 'shell', '--from', first, '--canary', '50');
    fs.rmSync(first, { recursive: true, force: true });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('is the canary for 50% of new visitors');
    expect(site.live().shell).toBe(live);

    /** A visit of `/About` with `cookie`: whether it shows the canary's shell (no footer note), and the visitor's cookies after it. */
    const visit = async (cookie = '') => {
      const response = await fetch(`${site.server.url}/About`, { headers: { cookie } });
      const footer = await response.text().then((html) => html.slice(html.indexOf('<footer')));
      const set = response.headers.getSetCookie().map((each) => each.split(';')[0]);
      return { canary: !footer.includes(FOOTER_NOTE), cookie: set.length > 0 ? set.join('; ') : cookie };
    };
    // Offered once the render server has taken the canary in, with the bound a section's canary has (10 s); 1 s is a live switch's.
    await expect.poll(async () => (await visit()).cookie, { timeout: 10_000 }).toContain('blog_canary_shell=');
    const visitors = await Promise.all(Array.from({ length: 20 }, () => visit()));
    expect(new Set(visitors.map(({ canary }) => canary))).toEqual(new Set([true, false]));
    for (const visitor of visitors) expect((await visit(visitor.cookie)).canary).toBe(visitor.canary);

    // A reader drawn into the canary: its shell's scripts load, the page comes alive and navigates.
    let inside: Awaited<ReturnType<typeof reader>> | undefined;
    for (let tries = 0; !inside && tries < 30; tries += 1) {
      const each = await reader(browser, site.server.url);
      await each.page.goto('/About');
      if ((await each.page.locator('footer').textContent())?.includes(FOOTER_NOTE)) await each.context.close();
      else inside = each;
    }
    if (!inside) throw new Error('No reader was drawn into the canary in 30 tries');
    await nav(inside.page, 'Articles');
    await expect(
      inside.page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 }).first(),
    ).toBeVisible();
    await expect(inside.page.locator('footer')).not.toContainText(FOOTER_NOTE);
    expect(inside.failures).toEqual([]);
    expect(inside.warnings).toEqual([]);
    await inside.context.close();

    const promoted = await site.run('release', 'shell', '--promote');
    expect(promoted.code, promoted.stderr).toBe(0);
    await expect.poll(() => footerOn(site.server), { timeout: 1_000, intervals: [50] }).not.toContain(FOOTER_NOTE);
    expect(site.live().shell).not.toBe(live);
  });
});

test.describe('the shell released into a bucket, from a CI with the bucket and Redis only', () => {
  test.describe.configure({ mode: 'serial' });
  const STORE = 'site';
  let builds: NextShells;
  let redis: RedisServer;
  let bucket: BucketServer;
  let site: ReleasedSite;
  let ci: BucketCi;
  /** The shell's origin: the bucket's public address of its releases. */
  let origin: string;
  let respun: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    builds = await nextShellBuilds();
    [redis, bucket] = await Promise.all([startRedis(), startBucket()]);
    // The render servers download the bucket's shell releases into a folder of their own.
    site = await releasedSite(redis.url, { TMPDIR: fs.mkdtempSync(path.join(os.tmpdir(), 'blog-site-tmp-')) });
    origin = `${bucket.endpoint}/${bucket.bucket}/${STORE}/shell`;
    // The site's operator names the shell's origin in the bucket's site.json, as each section's.
    ci = await ciOnBucket(bucket, redis.url, { ...site.origins, shell: origin }, STORE);
    // The run's shell, another release of it: a file no page loads differs.
    respun = respunBuild('shell', 'ci');
  });
  test.afterAll(async () => {
    await site?.close();
    await Promise.all([redis?.stop(), bucket?.stop()]);
    ci?.close();
    if (respun) fs.rmSync(respun, { recursive: true, force: true });
  });

  const fromCi = (args: string[]) => ci.run(args);
  const liveId = (run: CommandRun) => /shell (\S+) is live \(was \S+\): (\S+)/.exec(run.stdout) ?? [];

  test('a shell with a note in its footer is live on two render servers within a second, a browser runs it, and it rolls back', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const servers = [site.server, await site.another()];
    const quiet = await fromCi(['release', 'shell', '--from', respun]);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stdout).toContain(`published in s3://${bucket.bucket}/${STORE}`);
    for (const server of servers) expect(await footerOn(server)).not.toContain(FOOTER_NOTE);

    const started = Date.now();
    const run = await fromCi(['release', 'shell', '--from', builds.next]);
    expect(run.code, run.stderr).toBe(0);
    const returned = Date.now();
    const [, id, manifest] = liveId(run);
    expect(manifest).toBe(`${origin}/releases/${id}/mf-manifest.json`);
    await Promise.all(
      servers.map((server) =>
        expect.poll(() => footerOn(server), { timeout: 1_000, intervals: [20] }).toContain(FOOTER_NOTE),
      ),
    );
    test.info().annotations.push({
      type: 'switch',
      description: `the command took ${returned - started} ms; both served it ${Date.now() - returned} ms after it returned`,
    });
    // Nothing of it in the site's store: the release is in the bucket.
    expect(fs.existsSync(path.join(site.store, 'shell', id))).toBe(false);

    // A reader's browser runs the shell downloaded from the bucket: its scripts load, the page navigates.
    const visit = await reader(browser, servers[1].url);
    await visit.page.goto('/About');
    await expect(visit.page.locator('footer')).toContainText(FOOTER_NOTE);
    await nav(visit.page, 'Articles');
    await expect(
      visit.page.getByRole('region', { name: 'Articles', exact: true }).getByRole('heading', { level: 2 }).first(),
    ).toBeVisible();
    expect(visit.failures).toEqual([]);
    expect(visit.warnings).toEqual([]);
    await visit.context.close();

    const rollback = await fromCi(['release', 'shell', '--rollback']);
    expect(rollback.code, rollback.stderr).toBe(0);
    expect(liveId(rollback)[2]).toMatch(new RegExp(`^${origin}/releases/`));
    await Promise.all(
      servers.map((server) =>
        expect.poll(() => footerOn(server), { timeout: 1_000, intervals: [50] }).not.toContain(FOOTER_NOTE),
      ),
    );
  });

  test('a shell in the bucket that makes the live sections throw is refused in one line, checked from its origin, and the site is unchanged', async () => {
    test.setTimeout(120_000);
    const run = await fromCi(['release', 'shell', '--from', builds.breaking]);
    expect(refusal(run)).toEqual({ failed: true, lines: 1 });
    expect(run.stderr).toMatch(
      /^release: shell \S+ refused, \S+ stays live: \/\S* rendered with the release (shows the section's fallback|threw)/,
    );
    const history = JSON.parse((await fromCi(['releases', 'shell', '--json'])).stdout) as { check: string }[];
    expect(history.at(-1)?.check).not.toBe('passed');
    const about = await (await fetch(`${site.server.url}/About`)).text();
    expect(about).not.toContain('section is unavailable right now');
    expect(about).toMatch(/<h1[^>]*>/);
  });
});
