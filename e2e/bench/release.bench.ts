import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { changedCopy, releasedSite, runBuild } from '../support/releases';
import { startRenderServer } from '../support/render-server';

// What a release costs: `pnpm --filter @blog/e2e bench:release`. Ten releases of the pages section
// (builds made beforehand, so no build is timed) on a site of two render servers following one
// registry: the command's own time, and the time from its return to both servers serving it.

const RELEASES = 10;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

test('a release: the command, and every render server serving it', async () => {
  test.setTimeout(600_000);
  const site = await releasedSite();
  const second = await startRenderServer({
    env: { BLOG_REMOTES_FILE: path.join(site.store, 'registry.json'), BLOG_REVALIDATE_SECONDS: '10' },
  });
  const builds = Array.from({ length: RELEASES }, (_, index) =>
    changedCopy(runBuild('mf-pages'), (dir) => fs.appendFileSync(path.join(dir, 'bundle-report.json'), `\n${index}`)),
  );
  const command: number[] = [];
  const served: number[] = [];
  try {
    for (const folder of builds) {
      const started = performance.now();
      const run = await site.run('release', 'mf-pages', '--from', folder);
      const returned = performance.now();
      if (run.code !== 0) throw new Error(run.stderr);
      const manifest = /is live \(was \S+\): (\S+)/.exec(run.stdout)?.[1];
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
  } finally {
    await second.close();
    await site.close();
    for (const dir of builds) fs.rmSync(dir, { recursive: true, force: true });
  }
  const row = (values: number[]) => ({
    'p50 ms': Math.round(percentile(values, 50)),
    'p99 ms': Math.round(percentile(values, 99)),
  });
  console.log(`\n${RELEASES} releases of mf-pages, two render servers on one registry`);
  console.table({
    'the command (publish, check, switch; no build)': row(command),
    'its return → both render servers serving it': row(served),
  });
});
