import { DEVELOPMENT_SECRETS, secret } from '../src/secrets';

describe('secret', () => {
  it('falls back to the development value outside production', () => {
    expect(secret('JWT_SECRET', { NODE_ENV: 'development' })).toBe(DEVELOPMENT_SECRETS.JWT_SECRET);
  });

  it('uses the configured value', () => {
    expect(secret('JWT_SECRET', { NODE_ENV: 'production', JWT_SECRET: 'a-real-one' })).toBe('a-real-one');
  });

  it('refuses the development value in production, set or defaulted', () => {
    expect(() => secret('JWT_SECRET', { NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    expect(() => secret('APP_KEYS', { NODE_ENV: 'production', APP_KEYS: DEVELOPMENT_SECRETS.APP_KEYS })).toThrow(
      /APP_KEYS/,
    );
  });
});
