// Production builds that are redone only when what they are built from has changed.
// CommonJS, so that both the ESM runner scripts and the browser tests' TypeScript can load it.
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
/** @type {Record<string, { package: string; port: number }>} Each app's folder and its port, by its container name. */
const apps = JSON.parse(readFileSync(path.join(root, 'webpack-config', 'src', 'apps.json'), 'utf8'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.tmp', '.strapi', 'test', 'coverage', 'seed']);
// The CMS's uploads and its data folder (database, backups, outbox), which it writes while it runs: no input of its build.
const UPLOADS = path.join(root, 'cms', 'public');
const CMS_DATA = path.join(root, 'cms', 'data');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

function hashTree(hash, dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(dir, entry.name);
    if (SKIPPED.has(entry.name) || file === UPLOADS || file === CMS_DATA || /\.test\.tsx?$/.test(entry.name)) continue;
    if (entry.isDirectory()) hashTree(hash, file);
    else if (statSync(file).isFile()) hash.update(file).update(readFileSync(file));
  }
}

/**
 * The settings a build bakes in: `config.js`'s (`CONFIG_FROM_ENV`) and each remote's manifest
 * (`remoteManifests`), both in webpack-config/src/index.ts. The render server's own settings
 * (BLOG_RELEASES_DIR, BLOG_VARNISH_PORT, …) are read when it runs: a change of one rebuilds nothing.
 */
const BUILD_SETTING = /^BLOG_(CMS_URL|MEDIA_URL|GEOCODER_URL|TILE_URL|COUNTRIES_URL|REMOTE_\w+)$/;

/** Sources, the lockfile and the build's settings: what a bundle is made from. */
function inputsHash(dirs) {
  const hash = createHash('sha256');
  for (const dir of dirs) hashTree(hash, dir);
  hash.update(readFileSync(path.join(root, 'pnpm-lock.yaml')));
  for (const [key, value] of Object.entries(process.env)
    .filter(([key]) => BUILD_SETTING.test(key))
    .sort()) {
    hash.update(`${key}=${value}`);
  }
  return hash.digest('hex');
}

function buildOnChange(label, stamp, dirs, build) {
  const inputs = inputsHash(dirs);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) return;
  console.log(`Building ${label}...`);
  build();
  writeFileSync(stamp, inputs);
}

/**
 * The workspace's built libraries: TypeScript built to CommonJS with its declarations in their
 * `dist`, so that the CMS (run by Node) and the apps (bundled by webpack) load the same code.
 */
const LIBRARIES = ['server-kit', 'markup'].map((name) => path.join(root, name));

/** Each built library, when what it is built from changed (install builds them too: their `prepare`). */
function buildLibraries() {
  for (const dir of LIBRARIES) {
    buildOnChange(path.basename(dir), path.join(dir, 'dist', '.inputs-hash'), [dir], () =>
      run(bin('tsc'), ['-p', 'tsconfig.build.json'], dir),
    );
  }
}

/** The CMS, with its admin panel (about 40 s); the admin is served from cms/dist/build. */
function buildCms() {
  buildLibraries();
  const cms = path.join(root, 'cms');
  buildOnChange('the CMS', path.join(cms, 'dist', '.inputs-hash'), [cms, ...LIBRARIES], () =>
    run(bin('strapi'), ['build'], cms),
  );
}

/** The CMS's server code only, for runs that need no admin panel (the browser tests). */
function compileCms() {
  buildLibraries();
  run(bin('tsc'), ['-p', 'tsconfig.json'], path.join(root, 'cms'));
}

// The build factory every app's and the render server's webpack configuration is made by.
const WEBPACK_CONFIG = path.join(root, 'webpack-config');

/** One app's production bundle, in its `<app>/dist`, when what it is built from changed. */
function buildApp(name) {
  const dir = path.join(root, name);
  buildLibraries();
  const inputs = [dir, path.join(root, 'shared'), WEBPACK_CONFIG, ...LIBRARIES];
  buildOnChange(name, path.join(dir, 'dist', '.inputs-hash'), inputs, () => run(bin('pnpm'), ['run', 'build'], dir));
}

const RENDER_SERVER = path.join(root, 'render-server');

/** The render server's bundle (`render-server/dist/index.js`), with the packages it takes; the shell's server entry is the shell's build. */
function buildRenderServer() {
  buildLibraries();
  const inputs = [RENDER_SERVER, path.join(root, 'shared'), path.join(root, 'release'), WEBPACK_CONFIG, ...LIBRARIES];
  buildOnChange('the render server', path.join(RENDER_SERVER, 'dist', '.inputs-hash'), inputs, () =>
    run(bin('pnpm'), ['run', 'build'], RENDER_SERVER),
  );
}

/** Every app's production bundle, each in its own `<app>/dist`, and the render server's. */
function buildApps() {
  for (const { package: name } of Object.values(apps)) buildApp(name);
  buildRenderServer();
}

const LOCK = path.join(root, 'node_modules', '.cache', 'blog-build.lock');
const STALE_LOCK_MS = 15 * 60 * 1000;

/** Runs builds that several test runs on one machine may start at once, one run at a time. */
function withBuildLock(work) {
  mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** The render server's program, as built (`buildRenderServer`). */
const renderServerEntry = path.join(RENDER_SERVER, 'dist', 'index.js');

module.exports = { root, apps, buildCms, compileCms, buildApp, buildApps, renderServerEntry, withBuildLock };
