import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@blog/cms/testing';
import { startBucket } from '@blog/release/testing/bucket';
import varnishSupport from '../../scripts/varnish.cjs';
import { startRedis } from '../support/redis';
import {
  changedCopy,
  ciOnBucket,
  releasedSite,
  respunBuild,
  runBuild,
  type CommandRun,
  type ReleasedSite,
} from '../support/releases';
import { site as run, test } from '../support/site';
import { keptAgainstStatic, p50p99, pagesOf } from './measure';

// What a release costs: `pnpm --filter @blog/e2e bench:release`. Ten releases of the pages section,
// then ten of the shell (builds made beforehand, so no build is timed), on a site of two render
// servers following one registry: with the registry in Redis, in the folder store and then in a
// bucket (s3rver) from a CI that has the bucket's settings and Redis only; then in the folder store
// with the registry in its file. For each, the command's own time, and the time from its return to
// both servers serving it. Then Varnish in front of the last site: the share of page views it
// answers from what it keeps, for 200 new visitors asking for five pages each, with no canary and
// with a 10 % canary of the pages section running. Last, that site's page cache, measured as
// bench:serve measures it: kept pages against the same bytes served static.

const RELEASES = 10;
const VISITORS = 200;
/** How long a render server may take to serve a release (or know of a canary) before the bench gives up. */
const WITHIN_MS = 10_000;

/** Asks `check` every 10 ms until it says yes; throws after `WITHIN_MS`, naming `what` it waited for. */
async function until(check: () => Promise<boolean>, what: string) {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > WITHIN_MS) throw new Error(`${what}: not within ${WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The release a command made live, by its manifest: `… is live (was …): <manifest>`. */
const manifestIn = (said: string) => /is live \(was \S+\): (\S+)/.exec(said)?.[1];

/** What a build of the shell made by `SHELL` writes into every page: its folder's name. */
const markOf = (folder: string) => `<meta name=blog-bench-build content=${path.basename(folder)}>`;

/** What is released, ten times: how its builds are made (a label each), and whether a render server serves a build. */
interface Released {
  app: string;
  build(label: string): string;
  serves(server: string, folder: string, run: CommandRun): Promise<boolean>;
}

const PAGES: Released = {
  app: 'mf-pages',
  build: (label) => respunBuild('mf-pages', label),
  serves: async (server, _folder, { stdout }) =>
    ((await (await fetch(`${server}/remotes.json`)).json()) as Record<string, string>).mf_pages === manifestIn(stdout),
};

// A shell's release is not in remotes.json: its pages show it, by a mark in its index.html.
const SHELL: Released = {
  app: 'shell',
  build: () =>
    changedCopy(runBuild('shell'), (dir) => {
      const file = path.join(dir, 'index.html');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('</head>', `${markOf(dir)}</head>`));
    }),
  serves: async (server, folder) => (await (await fetch(`${server}/About`)).text()).includes(markOf(folder)),
};

/**
 * Ten releases of `what`, each made by `release` from a build's folder, on a site whose render
 * servers are at `servers`: the command's p50 / p99, and from its return to every server serving it.
 */
async function tenReleases(
  what: Released,
  label: string,
  servers: string[],
  release: (folder: string) => Promise<CommandRun>,
) {
  const builds = Array.from({ length: RELEASES }, (_, index) => what.build(`${label} ${index}`));
  const command: number[] = [];
  const served: number[] = [];
  try {
    for (const folder of builds) {
      const started = performance.now();
      const said = await release(folder);
      const returned = performance.now();
      if (said.code !== 0) throw new Error(said.stderr);
      await Promise.all(
        servers.map((server) =>
          until(() => what.serves(server, folder, said), `${server} serving a release of ${what.app}, ${label}`),
        ),
      );
      served.push(performance.now() - returned);
      command.push(returned - started);
    }
  } finally {
    for (const dir of builds) fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    [`${what.app}, ${label}`]: {
      'the command p50 / p99 ms': p50p99(command),
      'its return → both servers serving it p50 / p99 ms': p50p99(served),
    },
  };
}

/** Both render servers of `site`, by address. */
const serversOf = async (site: ReleasedSite) => [site.server.url, (await site.another()).url];

/** The site's folder store, `npm run release -- <app> --from <folder>` as on the release machine. */
const fromFolderStore = (site: ReleasedSite, app: string) => (folder: string) =>
  site.run('release', app, '--from', folder);

/**
 * `VISITORS` new visitors through a fresh Varnish in front of `serverUrl`, one after the other,
 * each asking for `pages` in turn and sending back the cookies it was given: how Varnish answered
 * the page views, how many visitors were drawn into the canary of mf-pages (`canary`, its release),
 * and how many pages a visitor got of the other side (by the mf-pages release the page names).
 */
async function throughVarnish(serverUrl: string, pages: string[], pagesOrigin: string, canary?: string) {
  const port = await freePort();
  const varnish = await varnishSupport.startVarnish({
    listen: `127.0.0.1:${port}`,
    backend: { host: '127.0.0.1', port: new URL(serverUrl).port },
  });
  const releaseIn = (html: string) => new RegExp(`${pagesOrigin}/releases/([^/]+)/mf-manifest\\.json`).exec(html)?.[1];
  const answers: Record<string, number> = {};
  let inCanary = 0;
  let otherSide = 0;
  try {
    for (let visitor = 0; visitor < VISITORS; visitor += 1) {
      const cookies = new Map<string, string>();
      const releases: (string | undefined)[] = [];
      for (const page of pages) {
        const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await fetch(`${varnish.url}${page}`, { headers: cookie ? { cookie } : {} });
        const html = await response.text();
        const cache = response.status === 200 ? (response.headers.get('x-varnish-cache') ?? 'none') : response.status;
        answers[cache] = (answers[cache] ?? 0) + 1;
        for (const set of response.headers.getSetCookie()) {
          const [name, value] = set.split(';')[0].split('=');
          cookies.set(name, value);
        }
        releases.push(releaseIn(html));
      }
      const drawnIn = cookies.get('blog_canary_mf_pages')?.endsWith(':in') ?? false;
      if (drawnIn) inCanary += 1;
      otherSide += releases.filter((release) => release && (release === canary) !== drawnIn).length;
    }
  } finally {
    await new Promise<void>((resolve) => varnish.close(resolve));
  }
  const views = VISITORS * pages.length;
  return {
    'page views': views,
    ...answers,
    'hits ÷ page views': ((answers.HIT ?? 0) / views).toFixed(3),
    'visitors drawn in': inCanary,
    'pages of the other side': otherSide,
  };
}

test('a release: the command, every render server serving it, Varnish with a canary, and the page cache after', async () => {
  test.setTimeout(30 * 60_000);
  const [redis, bucket] = await Promise.all([startRedis(), startBucket()]);
  // The render servers of the bucket's site download its shell releases into a folder of their own.
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-site-tmp-'));
  const timings: Record<string, Record<string, string>> = {};
  /** Ten releases timed, their row kept. */
  const time = async (...args: Parameters<typeof tenReleases>) => Object.assign(timings, await tenReleases(...args));
  try {
    const onRedis = await releasedSite(redis.url, { TMPDIR: downloads });
    try {
      const servers = await serversOf(onRedis);
      const STORE = 'site';
      const inBucket = (container: string) => `${bucket.endpoint}/${bucket.bucket}/${STORE}/${container}`;
      // mf-pages and the shell served from the bucket, the other sections where they are.
      const ci = await ciOnBucket(
        bucket,
        redis.url,
        { ...onRedis.origins, mf_pages: inBucket('mf_pages'), shell: inBucket('shell') },
        STORE,
      );
      const fromBucket = (app: string) => (folder: string) => ci.run(['release', app, '--from', folder]);
      try {
        await time(PAGES, 'folder store, registry in Redis', servers, fromFolderStore(onRedis, 'mf-pages'));
        await time(SHELL, 'folder store, registry in Redis', servers, fromFolderStore(onRedis, 'shell'));
        await time(PAGES, 'bucket store from a CI, registry in Redis', servers, fromBucket('mf-pages'));
        await time(SHELL, 'bucket store from a CI, registry in Redis', servers, fromBucket('shell'));
      } finally {
        ci.close();
      }
    } finally {
      await onRedis.close();
    }

    const onFile = await releasedSite();
    try {
      const servers = await serversOf(onFile);
      await time(PAGES, 'folder store, registry in a file', servers, fromFolderStore(onFile, 'mf-pages'));
      await time(SHELL, 'folder store, registry in a file', servers, fromFolderStore(onFile, 'shell'));
      console.log(`\n${RELEASES} releases each (publish, check, switch; no build), two render servers on one registry`);
      console.table(timings);

      // Varnish in front, with no canary and then with a canary of the pages section for 10 % of new visitors.
      const pages = await pagesOf(run.cmsUrl);
      const visited = [...pages, '/About'];
      const kept: Record<string, Record<string, string | number>> = {};
      kept['no canary'] = await throughVarnish(onFile.server.url, visited, onFile.origins.mf_pages);
      const canaryBuild = PAGES.build('canary');
      const started = await onFile.run('release', 'mf-pages', '--from', canaryBuild, '--canary', '10');
      fs.rmSync(canaryBuild, { recursive: true, force: true });
      if (started.code !== 0) throw new Error(started.stderr);
      const canary = /mf_pages (\S+) is the canary/.exec(started.stdout)?.[1];
      // Known to the render server (it draws a side) before Varnish starts.
      await until(
        async () =>
          (await fetch(`${onFile.server.url}/About`)).headers.get('set-cookie')?.includes('blog_canary_mf_pages=') ??
          false,
        'the canary known to the render server',
      );
      kept['a 10 % canary of mf-pages'] = await throughVarnish(
        onFile.server.url,
        visited,
        onFile.origins.mf_pages,
        canary,
      );
      const ended = await onFile.run('release', 'mf-pages', '--rollback');
      if (ended.code !== 0) throw new Error(ended.stderr);
      console.log(`\nVarnish in front: ${VISITORS} new visitors, one after the other, each asking for five pages`);
      console.table(kept);

      // The page cache in the render server's memory, as bench:serve measures it.
      const cache: Record<string, string | number>[] = [];
      for (const page of pages) cache.push(...(await keptAgainstStatic(onFile.server.url, page)));
      console.log('\nThe page cache of the site on releases (registry in a file), as bench:serve measures it:');
      console.table(cache);
    } finally {
      await onFile.close();
    }
  } finally {
    await Promise.all([redis.stop(), bucket.stop()]);
    fs.rmSync(downloads, { recursive: true, force: true });
  }
});
