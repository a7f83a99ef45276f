import { startStrapi } from './strapi-process';

// Limits low enough to test, and each test acts as its own visitor through X-Forwarded-For.
export const TEST_ENV = {
  IS_PROXIED: 'true',
  WRITE_RATE_LIMIT: '5',
  WRITE_RATE_WINDOW_SECONDS: '60',
  WRITE_MAX_BYTES: '4096',
  CORS_ORIGINS: 'http://site.test,http://localhost:3000',
};

export default async function globalSetup() {
  const strapi = await startStrapi({ env: TEST_ENV });
  process.env.CMS_URL = strapi.url;
  (globalThis as { cms?: typeof strapi }).cms = strapi;
}
