// API tests: one real Strapi process (compiled from this folder) on a throw-away SQLite file.
module.exports = require('../jest.config.base.cjs')({
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
});
