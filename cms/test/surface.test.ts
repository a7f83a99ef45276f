import fs from 'fs';
import { accepts, otherAddress } from '@blog/shared/testing/interfaces';
import { TEST_ENV } from './support/global-setup';
import { startStrapi, type StrapiProcess } from './support/strapi-process';

// Issue 39: what the CMS shows beyond its public port.

describe('the surface checks', () => {
  let cms: StrapiProcess;

  beforeAll(async () => {
    // On every interface, as `npm start` runs it (HOST's default).
    cms = await startStrapi({ env: { ...TEST_ENV, GEOCODER_URL: '', HOST: '0.0.0.0' } });
  }, 180_000);

  afterAll(async () => {
    await cms?.stop();
    if (cms) fs.rmSync(cms.dataDir, { recursive: true, force: true });
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
