// `npm start` after the install: the CMS (seeded on its first start) and every app's production
// bundle, each app on its own origin as if deployed separately. The CMS and the render server are
// watched: one that dies is started again, while the others (and the pages the render server
// keeps) go on answering.
//
// Everything listens on its usual port plus PORT_OFFSET (0 by default), so a second copy of
// the site can run beside the first (the browser tests run one, with DATABASE_FILENAME and
// PUBLIC_DIR pointed at a throw-away folder and SERVE_ADMIN_PANEL=false).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import builds from './builds.cjs';
import serve from './serve.cjs';
import varnish from './varnish.cjs';

const { apps, buildApps, buildCms, compileCms, renderServerEntry, root } = builds;
const { serveDist, serveRendered } = serve;

const offset = Number(process.env.PORT_OFFSET ?? 0);
const portOf = (port) => port + offset;
const { shell, ...sections } = apps;
const siteUrl = `http://localhost:${portOf(shell.port)}`;
// With BLOG_VARNISH_PORT, Varnish answers in front of the render server (docs/operating/production.md,
// "Varnish or a CDN in front"): its address is the site's, and the render server asks it to drop changed pages.
const varnishPort = process.env.BLOG_VARNISH_PORT ? portOf(Number(process.env.BLOG_VARNISH_PORT)) : undefined;
const publicUrl = varnishPort ? `http://localhost:${varnishPort}` : siteUrl;
const cmsUrl = `http://localhost:${portOf(1337)}`;
const withAdminPanel = process.env.SERVE_ADMIN_PANEL !== 'false';

if (withAdminPanel) buildCms();
else compileCms();
buildApps();

// Shared by the CMS, which signs its reports of changes with it, and the render server: new each run.
const revalidateSecret = process.env.REVALIDATE_SECRET || randomBytes(32).toString('hex');
// The render server's own credential with the CMS: its reads are not counted as a visitor's. New each run.
const renderServerToken = process.env.RENDER_SERVER_TOKEN || randomBytes(32).toString('hex');
// The admin panel's Preview: the secret its button sends to the site, the read-only token the render server reads drafts with.
const preview = {
  PREVIEW_SECRET: process.env.PREVIEW_SECRET || randomBytes(32).toString('hex'),
  PREVIEW_API_TOKEN: process.env.PREVIEW_API_TOKEN || randomBytes(48).toString('hex'),
};

// This run's addresses, written where the render server reads them (the built files name the usual ports).
const runDir = mkdtempSync(path.join(os.tmpdir(), 'blog-site-'));
const configFile = path.join(runDir, 'config.js');
writeFileSync(configFile, `window.__BLOG_CONFIG__ = ${JSON.stringify({ cmsUrl })};\n`);

// The sections and the shell run on releases (docs/sections/releasing.md): the store says which
// site they go live on, each section's build and the shell's are published, and the first start
// makes those live (the render server then runs the shell from its release's folder).
const releasesDir = process.env.BLOG_RELEASES_DIR || path.join(root, '.releases');
const origins = Object.fromEntries(
  Object.entries(sections).map(([name, { port }]) => [name, `http://localhost:${portOf(port)}`]),
);
mkdirSync(releasesDir, { recursive: true });
writeFileSync(
  path.join(releasesDir, 'site.json.tmp'),
  JSON.stringify(
    { renderServer: renderServerEntry, shellDist: path.join(root, shell.package, 'dist'), configFile, origins },
    null,
    2,
  ),
);
renameSync(path.join(releasesDir, 'site.json.tmp'), path.join(releasesDir, 'site.json'));
const published = spawnSync(process.execPath, [path.join(root, 'scripts', 'release.mjs'), 'first'], {
  stdio: 'inherit',
  env: { ...process.env, BLOG_RELEASES_DIR: releasesDir },
});
if (published.status !== 0) process.exit(published.status ?? 1);
const remotesFile = path.join(releasesDir, 'registry.json');

const log = (message) => console.log(`[npm start] ${message}`);

/**
 * Keeps a process running: `launch()` starts it and resolves to it once it answers; when it
 * ends, it is started again after 1 s, then 2, 4… up to 30 s while it keeps failing (a run of a
 * minute or more counts as recovered). `started` resolves once a launch has answered, not when
 * the first one fails: "The site: …" is printed only when it can be visited.
 */
function supervise(name, launch) {
  let current;
  let stopping = false;
  let delay = 1_000;
  let running;
  const started = new Promise((resolve) => (running = resolve));
  const start = async () => {
    if (stopping) return;
    const startedAt = Date.now();
    try {
      current = await launch();
      // Stopped while it was starting: it goes too.
      if (stopping) return current.stop();
      log(`${name} is running (pid ${current.pid})`);
      running();
      current.exited.then((how) => {
        if (stopping) return;
        if (Date.now() - startedAt > 60_000) delay = 1_000;
        restart(`stopped (${how})`);
      });
    } catch (error) {
      if (!stopping) restart(`could not start: ${error.message}`);
    }
  };
  const restart = (why) => {
    log(`${name} ${why}: starting it again in ${delay / 1000} s`);
    setTimeout(start, delay);
    delay = Math.min(delay * 2, 30_000);
  };
  start();
  return {
    started,
    stop() {
      stopping = true;
      current?.stop();
    },
  };
}

/** The CMS as a child process: it counts as started once Strapi says so. */
function launchCms() {
  const child = spawn(process.execPath, [path.join(root, 'cms', 'dist', 'src', 'server.js')], {
    cwd: path.join(root, 'cms'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      // Two malloc arenas, not eight a core: about 70 MB less resident at 20,000 articles (docs/code/benchmarks.md).
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      PORT: String(portOf(1337)),
      CORS_ORIGINS: [...Object.values(apps).map(({ port }) => `http://localhost:${portOf(port)}`), publicUrl].join(','),
      RENDER_SERVER_URLS: siteUrl,
      REVALIDATE_SECRET: revalidateSecret,
      RENDER_SERVER_TOKEN: renderServerToken,
      BLOG_SITE_URL: process.env.BLOG_SITE_URL || publicUrl,
      // Its metrics on a port of their own (docs/operating/observability.md).
      CMS_METRICS_PORT: String(portOf(Number(process.env.CMS_METRICS_PORT ?? 9465))),
      // Readable lines in this terminal unless JSON is asked for (docs/operating/observability.md).
      LOG_FORMAT: process.env.LOG_FORMAT || 'readable',
      // Traces, when OTEL_EXPORTER_OTLP_ENDPOINT is set: the SDK must load before Strapi does.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${path.join(root, 'cms', 'dist', 'src', 'tracing.js')}`]
        .filter(Boolean)
        .join(' '),
      ...preview,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (String(chunk).includes('Strapi started successfully')) {
        resolve({ pid: child.pid, exited, stop: () => child.kill('SIGTERM') });
      }
    });
    exited.then((how) => reject(new Error(how)));
  });
}

// The render server's metrics on a port of their own (9464 by default), plus the offset like every port here.
const renderMetricsPort = portOf(Number(process.env.BLOG_METRICS_PORT || 9464));

async function launchRenderServer() {
  const server = await serveRendered(path.join(root, shell.package, 'dist'), portOf(shell.port), {
    BLOG_SITE_URL: process.env.BLOG_SITE_URL || publicUrl,
    // Behind Varnish, which adds the visitor's address to X-Forwarded-For: limits per client stay per visitor.
    ...(varnishPort
      ? {
          BLOG_PURGE_URL: process.env.BLOG_PURGE_URL || `http://127.0.0.1:${varnishPort}${varnish.PURGE_PATH}`,
          BLOG_PROXY_HOPS: process.env.BLOG_PROXY_HOPS || '1',
        }
      : {}),
    BLOG_REMOTES_FILE: remotesFile,
    BLOG_CONFIG_FILE: configFile,
    // Every page kept on disk too, the whole site's (docs/code/page-cache.md), for this run.
    BLOG_CACHE_DIR: process.env.BLOG_CACHE_DIR || path.join(runDir, 'pages'),
    REVALIDATE_SECRET: revalidateSecret,
    RENDER_SERVER_TOKEN: renderServerToken,
    ...preview,
    BLOG_METRICS_PORT: String(renderMetricsPort),
    // One readable line an event in a terminal; LOG_FORMAT=json for a log collector.
    LOG_FORMAT: process.env.LOG_FORMAT || 'readable',
  });
  return { pid: server.pid, exited: server.exited, stop: () => server.close() };
}

// The sections as deployed, each on its own origin; then the site itself, from the shell's render server.
const sectionServers = await Promise.all(
  Object.entries(sections).map(([container, { package: name, port }]) =>
    serveDist(path.join(root, name, 'dist'), portOf(port), {}, { releases: path.join(releasesDir, container) }),
  ),
);
const cms = supervise('The CMS', launchCms);
const renderServer = supervise('The render server', launchRenderServer);
let cache;
let stopBackups;
// Stops everything this started, whenever it comes: while the CMS is still starting too.
function stop() {
  stopBackups?.();
  sectionServers.forEach((server) => server.close());
  cms.stop();
  renderServer.stop();
  cache?.stop();
  rmSync(runDir, { recursive: true, force: true });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.all([cms.started, renderServer.started]);
/** Varnish in front of the render server, with the project's VCL. */
async function launchVarnish() {
  const backend = { host: '127.0.0.1', port: portOf(shell.port) };
  const server = await varnish.startVarnish({ listen: `:${varnishPort}`, backend });
  return { pid: server.pid, exited: server.exited, stop: () => server.close() };
}
cache = varnishPort ? supervise('Varnish', launchVarnish) : undefined;
await cache?.started;
console.log(`\nThe site: ${publicUrl} (the CMS: ${cmsUrl}/admin)`);
if (cache) console.log(`Varnish answers there, in front of the render server at ${siteUrl}`);
console.log(`The render server's metrics: http://localhost:${renderMetricsPort}/metrics`);
console.log(
  `A section's next build, in your browser only: ${publicUrl}/preview/sections?secret=${preview.PREVIEW_SECRET}` +
    `&mf_pages=<its mf-manifest.json> (docs/sections/previewing-a-build.md)\n`,
);

/**
 * Backups (docs/operating/backups.md): every hour, from a minute after the start, the backup script takes
 * one when the newest archive in the folder is older than BLOG_BACKUP_HOURS (0 turns them off),
 * keeping the newest BLOG_BACKUP_KEEP.
 */
function scheduleBackups() {
  const hours = Number(process.env.BLOG_BACKUP_HOURS ?? 24);
  if (!(hours > 0)) return undefined;
  const keep = String(Number(process.env.BLOG_BACKUP_KEEP ?? 7));
  const dir = process.env.BLOG_BACKUP_DIR ? path.resolve(process.env.BLOG_BACKUP_DIR) : undefined;
  log(`A backup every ${hours} h into ${dir ?? "the data folder's backups/"}, keeping the last ${keep}`);
  const script = path.join(root, 'cms', 'dist', 'scripts', 'backup.js');
  const args = [script, 'backup', '--keep', keep, '--every-hours', String(hours), ...(dir ? ['--dir', dir] : [])];
  const backup = () => {
    const child = spawn(process.execPath, args, { cwd: path.join(root, 'cms'), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => {
      if (output.trim()) log(code === 0 ? output.trim() : `The backup failed (${code}): ${output.trim()}`);
    });
  };
  const first = setTimeout(backup, 60_000);
  const every = setInterval(backup, 3_600_000);
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
stopBackups = scheduleBackups();
