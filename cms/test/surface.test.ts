import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Article } from '@blog/shared';
import { accepts, otherAddress } from '@blog/shared/testing/interfaces';
import { TEST_ENV } from './support/global-setup';
import type { StrapiAnswer } from './support/http';
import { startStrapi, type StrapiProcess } from './support/strapi-process';

// Issue 39: what the CMS shows beyond its public port, and a second copy of it as
// docs/operating/running.md runs one (`PORT_OFFSET=100 npm start` with a new PUBLIC_DIR).

describe('the surface checks, and a second copy with a fresh PUBLIC_DIR', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-second-copy-'));
  // A folder that is not there yet, as a second copy's new PUBLIC_DIR.
  const publicDir = path.join(dir, 'second-public');
  let cms: StrapiProcess;

  beforeAll(async () => {
    // On every interface, as `npm start` runs it (HOST's default).
    cms = await startStrapi({
      dataDir: dir,
      env: { ...TEST_ENV, GEOCODER_URL: '', HOST: '0.0.0.0', PUBLIC_DIR: publicDir },
    });
  }, 180_000);

  afterAll(async () => {
    await cms?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts on a PUBLIC_DIR without uploads/, makes the folder and serves the media seeded into it', async () => {
    const answer = (await (
      await fetch(`${cms.url}/api/articles?populate=photo_article&pagination[pageSize]=1`)
    ).json()) as StrapiAnswer<Article[]>;
    const [photo] = answer.data[0].photo_article ?? [];
    expect(fs.existsSync(path.join(publicDir, photo.url))).toBe(true);
    expect((await fetch(`${cms.url}${photo.url}`)).status).toBe(200);
  });

  const other = otherAddress();
  (other ? it : it.skip)(`answers its metrics on the loopback interface only, not at ${other}`, async () => {
    const { port } = new URL(cms.metricsUrl);
    const { port: publicPort } = new URL(cms.url);
    expect(await accepts('127.0.0.1', Number(port))).toBe(true);
    // The public port does answer there: the address reaches this machine.
    expect(await accepts(other, Number(publicPort))).toBe(true);
    expect(await accepts(other, Number(port))).toBe(false);
  });
});
