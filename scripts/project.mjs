#!/usr/bin/env node
// The README's commands: `npm start` and `npm test`. Each brings what a fresh machine lacks
// (pnpm, the workspace's packages, Chromium and PostgreSQL for the tests), then does its job.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const localPnpm = path.join(root, 'node_modules', '.bin', 'pnpm');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function pnpm(args, options) {
  // The workspace pins pnpm as a dev dependency; before the first install npx fetches that version.
  if (existsSync(localPnpm)) run(localPnpm, args, options);
  else run('npx', ['--yes', `pnpm@${pnpmVersion}`, ...args], options);
}

function install() {
  const env = { ...process.env };
  // better-sqlite3 compiles from source: build against the installed Node headers, no download.
  if (!env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only'], { env });
}

/** Whether some version of Debian's PostgreSQL server programs is installed. */
function hasPostgres() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  return versions.some((version) => existsSync(path.join('/usr/lib/postgresql', version, 'bin', 'initdb')));
}

/** Whether Debian's `name` is installed (a module with no program to look for). */
const debianHas = (name) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout?.includes('install ok installed');

/** Varnish and its xkey module (purge by tag), for `BLOG_VARNISH_PORT` and the tests of it. */
function missingVarnish() {
  const missing = [];
  if (!existsSync(process.env.VARNISHD_PATH ?? '/usr/sbin/varnishd')) missing.push('varnish');
  if (!debianHas('varnish-modules')) missing.push('varnish-modules');
  return missing;
}

/** Installs Debian's `packages` (as root, or through sudo) when any is missing. */
function aptInstall(missing, why) {
  if (missing.length === 0) return;
  const apt = (...args) => (process.getuid?.() === 0 ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  console.log(`Installing ${missing.join(' and ')} ${why} (apt-get)...`);
  apt('update');
  apt('install', '-y', '--no-install-recommends', ...missing);
}

/**
 * What the tests need from Debian: Chromium for the browser tests (Playwright's own download is
 * not reachable here), PostgreSQL, on which the CMS's API tests run a second time, Redis,
 * which render servers share their page cache through, aiosmtpd, the SMTP server that
 * receives the CMS's email notices in its tests, Varnish in front of a render server, and
 * Prometheus, which scrapes the CMS's metrics.
 */
function ensureTestPackages() {
  const missing = missingVarnish();
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium');
  if (!process.env.POSTGRES_BIN_DIR && !hasPostgres()) missing.push('postgresql');
  if (!existsSync(process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server')) missing.push('redis-server');
  if (!existsSync('/usr/lib/python3/dist-packages/aiosmtpd')) missing.push('python3-aiosmtpd');
  if (!existsSync(process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus')) missing.push('prometheus');
  aptInstall(missing, 'for the tests');
}

/**
 * Runs the site (`start-site.mjs`) until it stops, and stops it (each of its servers) when this
 * process is told to stop or loses its parent. npm passes a `kill` or a process manager's SIGTERM
 * only to the shell it ran this in, which dies without passing it on: without the watch on the
 * parent, the CMS and the render server would go on holding their ports after `npm start` ended.
 */
function runSite() {
  const site = spawn(process.execPath, [path.join(root, 'scripts', 'start-site.mjs')], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => site.kill(signal));
  const parent = process.ppid;
  const orphaned = setInterval(() => process.ppid !== parent && site.kill('SIGTERM'), 1000);
  site.on('exit', (code, signal) => {
    clearInterval(orphaned);
    process.exit(code ?? (signal ? 1 : 0));
  });
}

const commands = {
  start() {
    install();
    if (process.env.BLOG_VARNISH_PORT) aptInstall(missingVarnish(), 'for BLOG_VARNISH_PORT');
    runSite();
  },
  test() {
    install();
    ensureTestPackages();
    pnpm(['run', 'test:all']);
  },
};

const command = commands[process.argv[2]];
if (!command) {
  console.error(`usage: node scripts/project.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
command();
