#!/usr/bin/env node
// `npm run release -- <section or shell> [--from <folder>] [--canary <percent>] [--promote] [--rollback [<id>]]`, `npm run releases -- [<section>] [--json]`
// and `npm run release:site -- <site.json>` (docs/reference/release-cli.md). Without --from or --rollback the section is built from the checkout
// first; the rest is `release/src/cli.ts`, run as TypeScript.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import builds from './builds.cjs';

const { apps, buildApp, root } = builds;
const [command, ...args] = process.argv.slice(2);

// A promotion or a rollback releases what is published already: nothing to build.
if (command === 'release' && !['--from', '--rollback', '--promote'].some((option) => args.includes(option))) {
  const app = Object.entries(apps).find(([container, { package: name }]) => args[0] === name || args[0] === container);
  // An unknown section is refused by the command itself, with the names it knows. The shell is built as a section is.
  if (app) {
    buildApp(app[1].package);
    args.push('--from', path.join(root, app[1].package, 'dist'));
  }
}

const release = path.join(root, 'release');
const result = spawnSync(
  process.execPath,
  ['--require', 'esbuild-register', path.join(release, 'src', 'cli.ts'), command, ...args],
  // The command runs in release/; a path it is given is the caller's, from npm's INIT_CWD or from here.
  {
    cwd: release,
    stdio: 'inherit',
    env: { BLOG_RELEASES_DIR: path.join(root, '.releases'), INIT_CWD: process.cwd(), ...process.env },
  },
);
process.exit(result.status ?? 1);
