/** @jest-environment node */
import { log } from '../log';
import { releaseFolders } from './release-folder';

jest.mock('../log', () => ({ log: { info: jest.fn(), error: jest.fn() } }));

const MANIFEST = 'http://bucket.test/site/shell/releases/1.0.0-0123456789ab/mf-manifest.json';

describe('releaseFolders', () => {
  beforeEach(() => jest.clearAllMocks());

  it("is the server's own build while no release is live, else the release's folder", async () => {
    const folderOf = jest.fn((manifest: string) => Promise.resolve(`/downloads/${manifest.length}`));
    const folders = releaseFolders('/own/shell/dist', folderOf);
    expect(await folders(undefined)).toBe('/own/shell/dist');
    expect(await folders(MANIFEST)).toBe(`/downloads/${MANIFEST.length}`);
    expect(folderOf).toHaveBeenCalledTimes(1);
  });

  it('is none while a release cannot be had, tried at every check, said once until it is had', async () => {
    let reachable = false;
    const folders = releaseFolders('/own', () =>
      reachable ? Promise.resolve('/downloads/release') : Promise.reject(new Error('answered 503')),
    );
    for (let check = 0; check < 3; check += 1) expect(await folders(MANIFEST)).toBeUndefined();
    expect(jest.mocked(log.error)).toHaveBeenCalledTimes(1);
    expect(jest.mocked(log.error).mock.calls[0][0]).toBe(
      `The shell's release at ${MANIFEST} cannot be had (answered 503): the live one stays`,
    );
    reachable = true;
    expect(await folders(MANIFEST)).toBe('/downloads/release');
    // Failing again later is news again.
    reachable = false;
    await folders(MANIFEST);
    expect(jest.mocked(log.error)).toHaveBeenCalledTimes(2);
  });
});
