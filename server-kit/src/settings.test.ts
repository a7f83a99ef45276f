import { z } from 'zod';
import * as setting from './settings';

const schema = z.object({
  PORT: setting.withDefault(setting.port(), 3000),
  STATUS_PORT: setting.optional(setting.port()),
  TIMEOUT_SECONDS: setting.withDefault(setting.positiveNumber(), 5),
  POOL_MIN: setting.withDefault(setting.wholeNumber(), 2),
  BLOG_PROXY_HOPS: setting.withDefault(setting.proxyCount(), 0),
  SSL: setting.withDefault(setting.flag(), 'false'),
  CLIENT: setting.withDefault(setting.oneOf(['sqlite', 'postgres']), 'sqlite'),
  SITE_URL: setting.optional(setting.httpAddress()),
  ORIGINS: setting.withDefault(setting.httpAddresses(), ''),
});

describe('a server’s settings', () => {
  it('are their defaults when unset or empty, and what is set otherwise', () => {
    const defaults = {
      PORT: 3000,
      STATUS_PORT: undefined,
      TIMEOUT_SECONDS: 5,
      POOL_MIN: 2,
      BLOG_PROXY_HOPS: 0,
      SSL: false,
      CLIENT: 'sqlite',
      SITE_URL: undefined,
      ORIGINS: [],
    };
    expect(setting.settingsOf(schema, {})).toEqual(defaults);
    expect(setting.settingsOf(schema, { PORT: '', STATUS_PORT: '', SSL: '', CLIENT: '' })).toEqual(defaults);
    expect(
      setting.settingsOf(schema, {
        PORT: '8080',
        STATUS_PORT: '9000',
        TIMEOUT_SECONDS: '0.5',
        POOL_MIN: '0',
        BLOG_PROXY_HOPS: '2',
        SSL: 'true',
        CLIENT: 'postgres',
        SITE_URL: 'https://blog.example/',
        ORIGINS: 'https://a.example, http://localhost:3001',
      }),
    ).toEqual({
      PORT: 8080,
      STATUS_PORT: 9000,
      TIMEOUT_SECONDS: 0.5,
      POOL_MIN: 0,
      BLOG_PROXY_HOPS: 2,
      SSL: true,
      CLIENT: 'postgres',
      SITE_URL: 'https://blog.example/',
      ORIGINS: ['https://a.example', 'http://localhost:3001'],
    });
  });

  it('refuse a bad value in one line that names it, says what is accepted and quotes what was given', () => {
    const refusals = {
      PORT: ['abc', 'PORT must be a port from 1 to 65535, not "abc".'],
      STATUS_PORT: ['70000', 'STATUS_PORT must be a port from 1 to 65535, not "70000".'],
      TIMEOUT_SECONDS: ['-5', 'TIMEOUT_SECONDS must be a positive number, not "-5".'],
      POOL_MIN: ['1.5', 'POOL_MIN must be a whole number from 0, not "1.5".'],
      BLOG_PROXY_HOPS: ['yes', 'BLOG_PROXY_HOPS must be a whole number of proxies (0 when none), not "yes".'],
      SSL: ['yes', 'SSL must be true or false, not "yes".'],
      CLIENT: ['mysql', 'CLIENT must be sqlite or postgres, not "mysql".'],
      SITE_URL: ['ftp://blog.example', 'SITE_URL must be an http(s) address, not "ftp://blog.example".'],
      ORIGINS: [
        'https://a.example,b',
        'ORIGINS must be http(s) addresses separated by commas, not "https://a.example,b".',
      ],
    };
    for (const [name, [value, line]] of Object.entries(refusals)) {
      expect(() => setting.settingsOf(schema, { [name]: value })).toThrow(new Error(line));
    }
  });
});
