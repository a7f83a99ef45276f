module.exports = require('../jest.config.base.cjs')({
  environment: 'jsdom',
  setupFiles: ['@testing-library/jest-dom'],
  esModules: ['feed', 'content-disposition'],
});
