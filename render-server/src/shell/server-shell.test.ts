/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { init } from '@module-federation/enhanced/runtime';
import { loadShell, shellEntryOf } from './server-shell';

/** The folders of the builds made here, removed after the tests. */
const folders = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-shell-'));
afterAll(() => fs.rmSync(folders, { recursive: true, force: true }));
const emptyFolder = () => fs.mkdtempSync(path.join(folders, 'build-'));

// A shell's build as the render server finds it: its server build's container, which exposes
// `./server` (a stand-in for the real one, which the browser tests load).
function shellBuild(exposed: string): string {
  const dist = emptyFolder();
  fs.mkdirSync(path.join(dist, 'server'));
  fs.writeFileSync(
    path.join(dist, 'server', 'remoteEntry.js'),
    `module.exports.shell = {
      init: () => undefined,
      get: (name) => Promise.resolve(() => (name === './server' ? ${exposed} : undefined)),
    };\n`,
  );
  return dist;
}

const SHELL = `{ default: { Root: () => null, loadFooter: () => Promise.resolve(), from: __dirname } }`;

beforeAll(() => {
  init({ name: 'render_server', remotes: [] });
  // Module Federation warns of every remote registered again in place of another: what a new build is.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('shellEntryOf', () => {
  it("addresses the build's server entry by its content", async () => {
    const dist = shellBuild(SHELL);
    const entry = await shellEntryOf(dist);
    expect(entry).toMatch(new RegExp(`^file://${dist}/server/remoteEntry\\.js\\?v=[0-9a-f]{12}$`));
    fs.appendFileSync(path.join(dist, 'server', 'remoteEntry.js'), '// another build\n');
    expect(await shellEntryOf(dist)).not.toBe(entry);
  });

  it('refuses a build with no server build, in one line naming it', async () => {
    const dist = emptyFolder();
    await expect(shellEntryOf(dist)).rejects.toThrow(`The shell's build in ${dist} has no server build`);
  });
});

describe('loadShell', () => {
  it('loads the server entry from a build on this machine, run from its own folder', async () => {
    const dist = shellBuild(SHELL);
    const shell = (await loadShell(await shellEntryOf(dist), 5_000)) as unknown as { from: string };
    expect(shell.from).toBe(path.join(dist, 'server'));
  });

  it('loads another build of the shell in its place', async () => {
    const first = shellBuild(SHELL);
    await loadShell(await shellEntryOf(first), 5_000);
    const second = shellBuild(SHELL);
    const shell = (await loadShell(await shellEntryOf(second), 5_000)) as unknown as { from: string };
    expect(shell.from).toBe(path.join(second, 'server'));
  });

  it('refuses a container that exposes no shell server entry', async () => {
    const dist = shellBuild('{}');
    await expect(loadShell(await shellEntryOf(dist), 5_000)).rejects.toThrow('exposes no shell server entry');
  });
});
