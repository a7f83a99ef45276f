// `npm start` after the install: compile and start the CMS (seeded on its first start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cms = path.join(root, 'cms');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function runOrExit(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The admin bundle depends only on the Strapi version, so it is built once per version (~40 s). */
function buildCms() {
  const stamp = path.join(cms, 'dist', 'build', '.strapi-version');
  const version = JSON.parse(readFileSync(path.join(root, 'node_modules', '@strapi', 'strapi', 'package.json'), 'utf8')).version;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) {
    runOrExit(bin('tsc'), ['-p', 'tsconfig.json'], cms);
    return;
  }
  console.log('Building the CMS and its admin panel (once per Strapi version)...');
  runOrExit(bin('strapi'), ['build'], cms);
  writeFileSync(stamp, version);
}

buildCms();
const children = [spawn(bin('strapi'), ['start'], { cwd: cms, stdio: 'inherit' })];

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}
for (const child of children) {
  child.on('exit', (code) => {
    children.forEach((other) => other.kill('SIGTERM'));
    process.exit(code ?? 0);
  });
}
