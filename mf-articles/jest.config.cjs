module.exports = require('../jest.config.base.cjs')({
  environment: 'jsdom',
  setupFiles: ['<rootDir>/src/testing/setup.ts'],
});
