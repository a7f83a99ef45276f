/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DocumentTemplate } from '../render/document';
import { log } from '../log';
import { KEPT_SHELL_BUILDS, LiveShell, type ShellBuild } from './live-shell';

jest.mock('../log', () => ({ log: { info: jest.fn(), error: jest.fn() } }));

beforeEach(() => jest.clearAllMocks());

/** The folders of the builds made here, removed after the tests. */
const folders = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-live-shell-'));
afterAll(() => fs.rmSync(folders, { recursive: true, force: true }));

/** A shell's build in a folder of its own, holding `files`. */
function folder(files: string[] = []): string {
  const dist = fs.mkdtempSync(path.join(folders, 'build-'));
  for (const file of files) fs.writeFileSync(path.join(dist, file), file);
  return dist;
}

const build = (dist: string): ShellBuild => ({
  dist,
  server: { Root: () => null as never, loadFooter: () => Promise.resolve() },
  template: { id: dist } as DocumentTemplate,
  previewTemplate: { id: dist } as DocumentTemplate,
});

describe('LiveShell', () => {
  it('renders with another build once it has loaded, and says so', async () => {
    const first = folder();
    const next = folder();
    const shell = new LiveShell(build(first), (dist) => Promise.resolve(build(dist)));
    expect(await shell.follow(first)).toBe(false);
    expect(await shell.follow(next)).toBe(true);
    expect(shell.current.dist).toBe(next);
  });

  it('goes on rendering with the live build when another does not load, said once however often it is asked for', async () => {
    const first = folder();
    const broken = folder();
    const shell = new LiveShell(build(first), () => Promise.reject(new Error('no server build')));
    for (let check = 0; check < 3; check += 1) expect(await shell.follow(broken)).toBe(false);
    expect(shell.current.dist).toBe(first);
    expect(jest.mocked(log.error)).toHaveBeenCalledTimes(1);
    expect(jest.mocked(log.error).mock.calls[0][1]).toContain(`The shell's build in ${broken} does not load`);
  });

  it('switches once at a time: the last build asked for is live', async () => {
    const first = folder();
    const [second, third] = [folder(), folder()];
    const loads: string[] = [];
    const shell = new LiveShell(build(first), async (dist) => {
      loads.push(dist);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return build(dist);
    });
    await Promise.all([shell.follow(second), shell.follow(third)]);
    expect(loads).toEqual([second, third]);
    expect(shell.current.dist).toBe(third);
  });

  it("answers a file from the live build, else from the newest kept build that has it: an open page's scripts", async () => {
    const first = folder(['main.11111111.js', 'config.js']);
    const next = folder(['main.22222222.js', 'config.js']);
    const shell = new LiveShell(build(first), (dist) => Promise.resolve(build(dist)));
    await shell.follow(next);
    expect(shell.rootOf('/main.22222222.js')).toBe(next);
    expect(shell.rootOf('/main.11111111.js')).toBe(first);
    expect(shell.rootOf('/config.js')).toBe(next);
    expect(shell.rootOf('/nowhere.js')).toBe(next);
  });

  it(`keeps the files of the last ${KEPT_SHELL_BUILDS} builds`, async () => {
    const first = folder(['main.11111111.js']);
    const shell = new LiveShell(build(first), (dist) => Promise.resolve(build(dist)));
    for (let count = 0; count < KEPT_SHELL_BUILDS - 1; count += 1) await shell.follow(folder());
    expect(shell.rootOf('/main.11111111.js')).toBe(first);
    await shell.follow(folder());
    expect(shell.rootOf('/main.11111111.js')).not.toBe(first);
  });

  it("answers the files of a canary's build too, after its own", () => {
    const live = folder(['main.11111111.js', 'config.js']);
    const canary = folder(['main.33333333.js', 'config.js']);
    const shell = new LiveShell(build(live), (dist) => Promise.resolve(build(dist)));
    shell.answerToo([canary]);
    expect(shell.rootOf('/main.33333333.js')).toBe(canary);
    expect(shell.rootOf('/config.js')).toBe(live);
    shell.answerToo([]);
    expect(shell.rootOf('/main.33333333.js')).toBe(live);
  });
});
