// API tests: real Strapi processes (compiled from this folder) on throw-away databases. With
// CMS_TEST_DATABASE=postgres the same suite runs on PostgreSQL, with the tests of several CMS
// processes sharing one database (test/postgres).
const onPostgres = process.env.CMS_TEST_DATABASE === 'postgres';

module.exports = require('../jest.config.base.cjs')({
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testPathIgnorePatterns: onPostgres ? ['/node_modules/'] : ['/node_modules/', '<rootDir>/test/postgres/'],
  testTimeout: 60_000,
});
