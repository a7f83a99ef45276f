/** @jest-environment node */
import { scriptsOf } from './manifest';

const MANIFEST = 'https://sections.test/articles/mf-manifest.json';

describe('the scripts a section starts with', () => {
  const manifest = JSON.stringify({
    metaData: { remoteEntry: { path: '', name: 'remoteEntry.js' } },
    shared: [{ assets: { js: { sync: ['725.react.js'], async: [] } } }],
    exposes: [
      {
        name: 'Home',
        assets: { js: { sync: ['725.react.js', '937.common.js', 'expose_Home.js'], async: ['907.later.js'] } },
      },
      { name: 'Articles', assets: { js: { sync: ['expose_Articles.js'] } } },
    ],
  });

  it('are its container and each exposed module’s own chunks, beside its manifest; the shared packages are the shell’s', () => {
    const scripts = scriptsOf(MANIFEST, manifest);
    expect(scripts.get('Home')).toEqual([
      'https://sections.test/articles/remoteEntry.js',
      'https://sections.test/articles/937.common.js',
      'https://sections.test/articles/expose_Home.js',
    ]);
    expect(scripts.get('Articles')).toEqual([
      'https://sections.test/articles/remoteEntry.js',
      'https://sections.test/articles/expose_Articles.js',
    ]);
  });

  it('are none where the manifest names no container', () => {
    expect(scriptsOf(MANIFEST, JSON.stringify({ exposes: [{ name: 'Home' }] })).size).toBe(0);
  });
});
