// Serves built apps as a deployment would: one origin per app, Brotli or gzip, SPA fallback, and caching
// that keeps hashed files forever while the entry points (HTML, manifest, remote entry, config) are revalidated.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const compression = require('compression');
const sirv = require('sirv');
const { answers, fileCacheControl, untilReady } = require('@blog/server-kit');
const { renderServerEntry } = require('./builds.cjs');

/** Where a section's origin answers its releases: `/releases/<id>/…` (docs/sections/releasing.md). */
const RELEASES_PATH = '/releases/';

/**
 * Whether an address names a dotfile or a file in a dot-folder (a build's stamp, `.inputs-hash`),
 * spelled as sirv reads it: decoded. sirv's own `dotfiles: false` holds only without `dev`.
 */
function isDotted(url) {
  const pathname = url.split('?')[0];
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Malformed: sirv looks it up as it is.
  }
  return /(^|\/)\./.test(decoded);
}

/** A folder served as built, its files looked up on every request (an edit or a new release is served at once). */
const built = (dir, single) =>
  sirv(dir, {
    dev: true,
    single,
    etag: true,
    // The build's Brotli copies (`*.br`), to browsers that take them; the rest is gzipped as it goes.
    brotli: true,
    setHeaders: (res, pathname) => res.setHeader('Cache-Control', fileCacheControl(pathname)),
  });

/**
 * @param {string} dir the app's dist folder
 * @param {number} port
 * @param {Record<string, string>} [overrides] files answered instead of the built ones, e.g. a run's own config.js
 * @param {{ releases?: string }} [options] the section's folder in the store of releases, answered at `/releases/`
 * @returns {Promise<http.Server>}
 */
function serveDist(dir, port, overrides = {}, { releases } = {}) {
  const gzip = compression();
  const files = built(dir, true);
  // A release's file that is not there is a 404, never the single-page fallback.
  const releaseFiles = releases && built(releases, false);
  const server = http.createServer((req, res) => {
    // Sections are loaded from the shell's origin: their files are public and readable anywhere.
    res.setHeader('Access-Control-Allow-Origin', '*');
    gzip(req, res, () => {
      const notFound = () => {
        res.statusCode = 404;
        res.end('Not found');
      };
      // Never a dotfile, of the build or of the store of releases: nothing a visitor should read.
      if (isDotted(req.url ?? '/')) return notFound();
      const pathname = new URL(req.url ?? '/', 'http://localhost').pathname.slice(1);
      if (pathname in overrides) {
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Content-Type', pathname.endsWith('.json') ? 'application/json' : 'text/javascript');
        res.end(overrides[pathname]);
        return;
      }
      if (releaseFiles && req.url?.startsWith(RELEASES_PATH)) {
        req.url = req.url.slice(RELEASES_PATH.length - 1);
        return releaseFiles(req, res, notFound);
      }
      files(req, res, notFound);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}

/**
 * The render server (`entry`, by default the checkout's `render-server/dist/index.js`) on `port`
 * with the shell's build in `dir`, once it answers: every page rendered, with the sections' server
 * builds loaded from where `<dir>/remotes.json` points.
 * @param {string} dir the shell's dist folder
 * @param {number} port
 * @param {NodeJS.ProcessEnv} [env] more of its settings (docs/reference/configuration-render-server.md)
 * @param {{ onOutput?: (chunk: string) => void, logFile?: string, entry?: string }} [options]
 * @returns {Promise<{ pid: number, exited: Promise<string>, close(callback?: () => void): void }>}
 */
async function serveRendered(dir, port, env = {}, { onOutput, logFile, entry = renderServerEntry } = {}) {
  // A file is written by the server itself: under load, reading its lines here would cost this process.
  const output = logFile ? fs.openSync(logFile, 'a') : onOutput ? 'pipe' : 'inherit';
  const server = spawn(process.execPath, [entry], {
    // Two malloc arenas, not eight a core: about 60 MB less resident at 20,000 articles (docs/code/benchmarks.md).
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env, BLOG_SHELL_DIST: dir, PORT: String(port) },
    // Its log goes to this process's output, to `onOutput` (a test that reads it) or to `logFile`.
    stdio: ['ignore', output, 'inherit'],
  });
  if (typeof output === 'number') fs.closeSync(output);
  server.stdout?.on('data', (chunk) => onOutput(String(chunk)));
  // Once its output has ended too: the last lines it wrote are read before it is said to have stopped.
  const exited = new Promise((resolve) =>
    server.once('close', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  );
  await untilReady({
    name: 'The render server',
    child: server,
    ready: answers(`http://localhost:${port}/robots.txt`),
    timeoutMs: 60_000,
  });
  return {
    pid: server.pid,
    /** How it ended: a signal's name or its exit code. */
    exited,
    close(callback) {
      exited.then(() => callback?.());
      server.kill('SIGTERM');
    },
  };
}

module.exports = { serveDist, serveRendered };
