// Benchmarks (not tests): `pnpm --filter @blog/cms bench`, on a throw-away PostgreSQL server.
module.exports = require('../jest.config.base.cjs')({
  testMatch: ['<rootDir>/bench/**/*.bench.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
});
