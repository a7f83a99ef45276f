import { fileCacheControl } from './file-caching';

describe('how long a built file is kept', () => {
  it('is a year for a file named by its hash, and its source map', () => {
    for (const file of ['/main.1a2b3c4d.js', '/223.54e46820.css', '/releases/1.0.0-abc/main.1a2b3c4d.js.map'])
      expect(fileCacheControl(file)).toBe('public, max-age=31536000, immutable');
  });

  it('is no time at all for an entry point, the config or a name that only looks hashed', () => {
    for (const file of ['/remoteEntry.js', '/mf-manifest.json', '/config.js', '/index.html', '/main.1a2b3c4.js'])
      expect(fileCacheControl(file)).toBe('no-cache');
  });
});
