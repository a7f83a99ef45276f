import fs from 'node:fs';
import path from 'node:path';
import { startRedis } from '../support/redis';
import { changedCopy, releasedSite, runBuild } from '../support/releases';
import { site as run, test } from '../support/site';
import { keptAgainstStatic, pagesOf } from './measure';

// What a release costs: `pnpm --filter @blog/e2e bench:release`. Ten releases of the pages section
// (builds made beforehand, so no build is timed) on a site of two render servers following one
// registry, in the store's file and in Redis: the command's own time, and the time from its return
// to both servers serving it. Then the page cache of the first site after its releases, measured
// as bench:serve measures it: kept pages against the same bytes served static.

const RELEASES = 10;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

const row = (values: number[]) => ({
  'p50 ms': Math.round(percentile(values, 50)),
  'p99 ms': Math.round(percentile(values, 99)),
});

/** Ten releases on a site whose registry is in `redis` (none: the store's file); with `after`, its page cache measured then. */
async function releases(redis: string, after?: (serverUrl: string) => Promise<void>) {
  const site = await releasedSite(redis);
  const second = await site.another();
  const builds = Array.from({ length: RELEASES }, (_, index) =>
    changedCopy(runBuild('mf-pages'), (dir) => fs.appendFileSync(path.join(dir, 'bundle-report.json'), `\n${index}`)),
  );
  const command: number[] = [];
  const served: number[] = [];
  try {
    for (const folder of builds) {
      const started = performance.now();
      const release = await site.run('release', 'mf-pages', '--from', folder);
      const returned = performance.now();
      if (release.code !== 0) throw new Error(release.stderr);
      const manifest = /is live \(was \S+\): (\S+)/.exec(release.stdout)?.[1];
      await Promise.all(
        [site.server.url, second.url].map(async (server) => {
          for (;;) {
            const remotes = (await (await fetch(`${server}/remotes.json`)).json()) as Record<string, string>;
            if (remotes.mf_pages === manifest) return;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }),
      );
      served.push(performance.now() - returned);
      command.push(returned - started);
    }
    await after?.(site.server.url);
  } finally {
    await site.close();
    for (const dir of builds) fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    [`the command, registry in ${redis ? 'Redis' : 'a file'} (publish, check, switch; no build)`]: row(command),
    [`its return → both render servers serving it, registry in ${redis ? 'Redis' : 'a file'}`]: row(served),
  };
}

test('a release: the command, every render server serving it, and the page cache after', async () => {
  test.setTimeout(30 * 60_000);
  const redis = await startRedis();
  const cache: Record<string, string | number>[] = [];
  try {
    const timings = {
      // The page cache in the render server's memory, as bench:serve measures it.
      ...(await releases('', async (serverUrl) => {
        for (const page of await pagesOf(run.cmsUrl)) cache.push(...(await keptAgainstStatic(serverUrl, page)));
      })),
      ...(await releases(redis.url)),
    };
    console.log(`\n${RELEASES} releases of mf-pages, two render servers on one registry`);
    console.table(timings);
    console.log('\nThe page cache of the site on releases (registry in a file), as bench:serve measures it:');
    console.table(cache);
  } finally {
    await redis.stop();
  }
});
