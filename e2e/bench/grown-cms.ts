import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStrapi, type StrapiProcess } from '@blog/cms/testing';

// What the benchmarks share: the CMS's read model, and a second CMS grown to the size this blog
// reaches after some years of writing, on a throw-away database of its own (the seed CMS is left as it is).
export const GROWN = { articles: 2000, comments: 20000 };
const CMS_DIR = path.resolve(__dirname, '..', '..', 'cms');

/** The `data` of a CMS answer. */
export async function getData<T>(cmsUrl: string, pathname: string): Promise<T> {
  const answer = await fetch(`${cmsUrl}/api/${pathname}`);
  if (!answer.ok) throw new Error(`${pathname}: ${answer.status}`);
  return ((await answer.json()) as { data: T }).data;
}

function grow(cms: StrapiProcess, size: typeof GROWN) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(CMS_DIR, 'dist', 'scripts', 'grow.js'),
      '--articles',
      String(size.articles),
      '--comments',
      String(size.comments),
    ],
    { cwd: CMS_DIR, env: { ...process.env, ...cms.database }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('growing the database failed');
}

/**
 * A real Strapi on a fresh database grown to `size` (GROWN by default), answering the site's apps (and `origins`, e.g. the
 * render server pointed at it), with `env` added to its settings. Its `stop()` ends it and deletes
 * its throw-away data.
 */
export async function startGrownCms(
  origins: string[] = [],
  env: Record<string, string> = {},
  size = GROWN,
): Promise<StrapiProcess> {
  const appOrigins = Object.values(JSON.parse(process.env.APP_URLS as string) as Record<string, string>);
  const cms = await startStrapi({
    env: {
      CORS_ORIGINS: [...appOrigins, ...origins].join(','),
      // It places the contact address when it is seeded, as the site's CMS does (global-setup.ts).
      GEOCODER_URL: `${process.env.STAND_IN_URL as string}/geocoder/search`,
      // The run's render servers read it as the site's own.
      RENDER_SERVER_TOKEN: process.env.RENDER_SERVER_TOKEN ?? '',
      ...env,
    },
  });
  const stop = async () => {
    await cms.stop();
    fs.rmSync(cms.dataDir, { recursive: true, force: true });
  };
  try {
    grow(cms, size);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...cms, stop };
}
