import { describe, expect, it } from '@jest/globals';
import { cmsSettingsOf } from '../src/settings';
import { startStrapi } from './support/strapi-process';

describe("the CMS's settings", () => {
  it('take what is set, and keep an empty text as Strapi did: an empty GEOCODER_URL turns the geocoder off', () => {
    expect(cmsSettingsOf({}).RATE_LIMIT_STORE).toBeUndefined();
    expect(cmsSettingsOf({})).toMatchObject({
      PORT: 1337,
      DATABASE_CLIENT: 'sqlite',
      CORS_ORIGINS: expect.arrayContaining(['http://localhost:3000', 'http://localhost:3004']),
      GEOCODER_URL: 'https://nominatim.openstreetmap.org/search',
    });
    expect(
      cmsSettingsOf({
        PORT: '8080',
        DATABASE_SSL: 'true',
        CORS_ORIGINS: 'https://blog.example, https://www.blog.example',
        RENDER_SERVER_URLS: '',
        GEOCODER_URL: '',
        BLOG_NOTIFY_MINUTES: '0.05',
      }),
    ).toMatchObject({
      PORT: 8080,
      DATABASE_SSL: true,
      CORS_ORIGINS: ['https://blog.example', 'https://www.blog.example'],
      RENDER_SERVER_URLS: [],
      GEOCODER_URL: '',
      BLOG_NOTIFY_MINUTES: 0.05,
    });
  });

  it('refuse a value they cannot take, in one line naming it, where Strapi read NaN or a default', () => {
    const refusals = {
      PORT: ['abc', 'PORT must be a port from 1 to 65535, not "abc".'],
      RATE_LIMIT_STORE: ['redis', 'RATE_LIMIT_STORE must be memory or database, not "redis".'],
      DATABASE_CLIENT: ['mysql', 'DATABASE_CLIENT must be sqlite or postgres, not "mysql".'],
      DATABASE_SSL: ['yes', 'DATABASE_SSL must be true or false, not "yes".'],
      API_RATE_WINDOW_SECONDS: ['0', 'API_RATE_WINDOW_SECONDS must be a whole number from 1, not "0".'],
      GEOCODER_URL: ['nominatim', 'GEOCODER_URL must be an http(s) address, or empty for none, not "nominatim".'],
    };
    for (const [name, [value, line]] of Object.entries(refusals)) {
      expect(() => cmsSettingsOf({ [name]: value })).toThrow(new Error(line));
    }
  });

  it('stop the start on a bad value with that line, not a stack trace', async () => {
    const refused = await startStrapi({ env: { RATE_LIMIT_STORE: 'redis' } }).then(
      async (cms) => {
        await cms.stop();
        return new Error('the CMS started');
      },
      (error: Error) => error,
    );
    expect(refused.message).toContain(
      'The CMS cannot start: RATE_LIMIT_STORE must be memory or database, not "redis".',
    );
    expect(refused.message).not.toMatch(/^\s+at /m);
  });
});
