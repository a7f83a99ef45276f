/** @jest-environment jsdom */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteModule, pinRemotes } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: () => undefined,
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const RELEASE = 'http://localhost:3004/releases/1.0.0-0123456789ab/mf-manifest.json';

describe('the releases a page was rendered with', () => {
  it('are the ones the visit loads its sections from, without asking /remotes.json', async () => {
    const fetched = jest.fn();
    globalThis.fetch = fetched;
    jest.mocked(loadRemote).mockResolvedValue({ default: 'About' });
    pinRemotes({ mf_pages: RELEASE });
    expect(await loadRemoteModule('mf_pages/About')).toEqual({ default: 'About' });
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_pages', entry: RELEASE }]);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('are asked whether they are gone when a section of them fails to load: a release still there is no reason to reload', async () => {
    const fetched = jest.fn().mockResolvedValue({ status: 200 });
    globalThis.fetch = fetched;
    jest.mocked(loadRemote).mockRejectedValue(new Error('ChunkLoadError'));
    pinRemotes({ mf_pages: RELEASE });
    await expect(loadRemoteModule('mf_pages/StartHere')).rejects.toThrow('ChunkLoadError');
    expect(fetched).toHaveBeenCalledWith(RELEASE, { cache: 'no-cache' });
    expect(sessionStorage.getItem('blog-release-gone')).toBeNull();
  });
});
