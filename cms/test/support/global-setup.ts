import { startGeocoderStandIn } from './geocoder-stand-in';
import { startPostgres } from './postgres';
import { TEST_REVALIDATE_SECRET, startRenderServerStandIn } from './render-server-stand-in';
import { startStrapi } from './strapi-process';

// Limits low enough to test, and each test acts as its own visitor through X-Forwarded-For, as
// the one proxy in front would write it.
export const TEST_ENV = {
  BLOG_PROXY_HOPS: '1',
  WRITE_RATE_LIMIT: '5',
  WRITE_RATE_WINDOW_SECONDS: '60',
  WRITE_MAX_BYTES: '4096',
  CORS_ORIGINS: 'http://site.test,http://localhost:3000',
  GEOCODER_USER_AGENT: 'blog-cms-tests/1.0 (author@example.test)',
  BLOG_SITE_URL: 'http://site.test',
  PREVIEW_SECRET: 'test-preview-secret',
  PREVIEW_API_TOKEN: 'test-preview-api-token',
};

/** The suite runs on SQLite, and again on a throw-away PostgreSQL server with CMS_TEST_DATABASE=postgres. */
export default async function globalSetup() {
  if (process.env.CMS_TEST_DATABASE === 'postgres') {
    const postgres = await startPostgres();
    process.env.TEST_POSTGRES_URL = postgres.url;
    Object.assign(globalThis, { postgres });
  }
  const geocoder = await startGeocoderStandIn();
  const renderServer = await startRenderServerStandIn();
  const strapi = await startStrapi({
    env: {
      ...TEST_ENV,
      GEOCODER_URL: geocoder.url,
      RENDER_SERVER_URLS: renderServer.url,
      REVALIDATE_SECRET: TEST_REVALIDATE_SECRET,
    },
  });
  process.env.CMS_URL = strapi.url;
  process.env.CMS_METRICS_URL = strapi.metricsUrl;
  process.env.GEOCODER_URL = geocoder.url;
  process.env.RENDER_SERVER_STAND_IN = renderServer.url;
  Object.assign(globalThis, { cms: strapi, geocoder, renderServer });
}
