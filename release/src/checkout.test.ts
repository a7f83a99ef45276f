/** @jest-environment node */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

// `npm start` writes its store of releases into the checkout (`.releases/`, which git ignores), and
// `npm test` then lints and formats the whole checkout from its root (`eslint .`, `prettier --check .`).

const root = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

describe('`npm test` run after `npm start` in the same checkout', () => {
  const store = path.join(root, '.releases');
  const hadStore = fs.existsSync(store);
  const release = path.join(store, `lint-probe-${process.pid}`);
  // A release's bundle as a build writes it: minified, neither linted nor formatted as sources are.
  const bundle = path.relative(root, path.join(release, 'remoteEntry.js'));

  beforeAll(() => {
    fs.mkdirSync(release, { recursive: true });
    fs.writeFileSync(path.join(root, bundle), 'var unused=1;function f(){return eval("x")}\n');
  });

  afterAll(() => {
    fs.rmSync(release, { recursive: true, force: true });
    // The store, when this test made it and nothing else has written to it since.
    if (!hadStore && fs.readdirSync(store).length === 0) fs.rmdirSync(store);
  });

  it('reports nothing of the store of releases: ESLint and Prettier ignore what git ignores', async () => {
    // As `npm test` runs them, from the root, here on the bundle alone: the whole tree takes minutes.
    // What it reports is on its output, whether it fails or not.
    const lint = await run(bin('eslint'), ['--no-warn-ignored', '--max-warnings', '0', bundle], { cwd: root }).catch(
      (failed: { stdout: string }) => failed,
    );
    expect(lint.stdout).toBe('');
    await run(bin('prettier'), ['--check', bundle], { cwd: root });
  }, 120_000);
});
