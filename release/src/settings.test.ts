/** @jest-environment node */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { releaseSettingsOf } from './settings';

describe('the release command’s settings', () => {
  it('takes the folder, 24 hours and no Redis when nothing is set, and an empty variable as unset', () => {
    const defaults = {
      BLOG_RELEASES_DIR: undefined,
      BLOG_RELEASES_STORE: undefined,
      BLOG_CACHE_URL: undefined,
      BLOG_RELEASE_KEEP_HOURS: 24,
    };
    expect(releaseSettingsOf({})).toEqual(defaults);
    expect(releaseSettingsOf({ BLOG_RELEASES_STORE: '', BLOG_RELEASE_KEEP_HOURS: '' })).toEqual(defaults);
    expect(
      releaseSettingsOf({ BLOG_RELEASES_STORE: 's3://releases/site', BLOG_RELEASE_KEEP_HOURS: '0.5' }),
    ).toMatchObject({ BLOG_RELEASES_STORE: 's3://releases/site', BLOG_RELEASE_KEEP_HOURS: 0.5 });
  });

  it.each([
    ['BLOG_RELEASES_STORE', 'releases/site', 's3://<bucket>/<prefix>'],
    ['BLOG_RELEASES_STORE', 'https://releases.test/site', 's3://<bucket>/<prefix>'],
    ['BLOG_RELEASE_KEEP_HOURS', 'a day', 'a number of hours from 0'],
    ['BLOG_RELEASE_KEEP_HOURS', '-1', 'a number of hours from 0'],
  ])('refuses %s=%s in one line naming it', (name, value, accepted) => {
    expect(() => releaseSettingsOf({ [name]: value })).toThrow(
      new Error(`${name} must be ${accepted}, not "${value}".`),
    );
  });

  it('stops the command before it does anything, in one line', async () => {
    const refused = await promisify(execFile)(
      process.execPath,
      [path.join(__dirname, '..', '..', 'scripts', 'release.mjs'), 'releases'],
      { env: { PATH: process.env.PATH, BLOG_RELEASES_STORE: 'releases/site' } },
    ).catch((failed: { code: number; stderr: string }) => failed);
    expect(refused).toMatchObject({
      code: 1,
      stderr: 'release: BLOG_RELEASES_STORE must be s3://<bucket>/<prefix>, not "releases/site".\n',
    });
  });
});
