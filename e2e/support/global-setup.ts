import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startStrapi } from '@blog/cms/testing';
import { NO_CLIENT_LIMITS } from './render-server';
import { startStandIns } from './stand-ins';
import builds from '../../scripts/builds.cjs';
import serve from '../../scripts/serve.cjs';

type Apps = Record<string, { package: string; port: number }>;

/** The render server's bundle, copied into the run's folder beside the apps'. */
const RENDER_SERVER = 'render-server';

/** How many render servers a test may run at once beside the site's, each on an origin the CMS answers. */
const SPARE_SITES = 3;

/**
 * The whole site as a visitor meets it, on ports of its own so a running `npm start` is left alone:
 * the production bundles, each app on its own origin; a real Strapi on a throw-away SQLite file;
 * local stand-ins for the geocoder, the map tiles and the country list.
 */
export default async function globalSetup() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-e2e-'));
  // This run serves a copy of each bundle, so another run rebuilding them cannot pull files from under it.
  builds.withBuildLock(() => {
    builds.compileCms();
    builds.buildApps();
    for (const app of Object.values(builds.apps as Apps)) {
      fs.cpSync(path.join(builds.root, app.package, 'dist'), path.join(runDir, app.package), { recursive: true });
    }
    fs.cpSync(path.dirname(builds.renderServerEntry), path.join(runDir, RENDER_SERVER), { recursive: true });
  });
  const renderServerEntry = path.join(runDir, RENDER_SERVER, path.basename(builds.renderServerEntry));

  const apps = builds.apps as Apps;
  const ports: Record<string, number> = {};
  for (const name of Object.keys(apps)) ports[name] = await freePort();
  const appUrls: Record<string, string> = Object.fromEntries(
    Object.entries(ports).map(([name, port]) => [name, `http://localhost:${port}`]),
  );
  // Origins for the render servers tests start beside the site's (support/render-server.ts): the CMS answers them too.
  const spareSitePorts = new Set<number>();
  while (spareSitePorts.size < SPARE_SITES) {
    const port = await freePort();
    if (!Object.values(ports).includes(port)) spareSitePorts.add(port);
  }
  const siteOrigins = [...Object.values(appUrls), ...[...spareSitePorts].map((port) => `http://localhost:${port}`)];

  const standIns = await startStandIns();
  // The CMS reports its changes to the site's render server and to those tests start on the spare origins.
  const revalidateSecret = randomBytes(32).toString('hex');
  // The render servers' own credential with the CMS, which spares their reads its limits per client.
  const renderServerToken = randomBytes(32).toString('hex');
  // The admin panel's Preview opens the site's /preview with this secret; the render server reads drafts with this token.
  const preview = {
    PREVIEW_SECRET: randomBytes(32).toString('hex'),
    PREVIEW_API_TOKEN: randomBytes(48).toString('hex'),
  };
  const renderServers = [appUrls.shell, ...[...spareSitePorts].map((port) => `http://localhost:${port}`)];
  const cms = await startStrapi({
    env: {
      CORS_ORIGINS: siteOrigins.join(','),
      RENDER_SERVER_URLS: renderServers.join(','),
      REVALIDATE_SECRET: revalidateSecret,
      RENDER_SERVER_TOKEN: renderServerToken,
      BLOG_SITE_URL: appUrls.shell,
      ...preview,
      // The browser's reads and writes all come from one address: limits per client are tested where they are set.
      API_RATE_LIMIT: '1000000',
      WRITE_RATE_LIMIT: '100000',
      // The CMS places the contact address when it is saved (the seed too).
      GEOCODER_URL: `${standIns.url}/geocoder/search`,
    },
  });

  const config = {
    cmsUrl: cms.url,
    geocoderUrl: `${standIns.url}/geocoder/search`,
    tileUrl: `${standIns.url}/tiles/{z}/{x}/{y}.png`,
    countriesUrl: `${standIns.url}/countries`,
  };
  // Each deployed folder is pointed at this run's CMS, stand-ins and sections, as a deployer would edit it.
  for (const app of Object.values(apps)) {
    const dist = path.join(runDir, app.package);
    fs.writeFileSync(path.join(dist, 'config.js'), `window.__BLOG_CONFIG__ = ${JSON.stringify(config)};\n`);
    const remotesFile = path.join(dist, 'remotes.json');
    if (fs.existsSync(remotesFile)) {
      const remotes = Object.keys(JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, string>);
      const manifests = Object.fromEntries(remotes.map((remote) => [remote, `${appUrls[remote]}/mf-manifest.json`]));
      fs.writeFileSync(remotesFile, JSON.stringify(manifests));
    }
  }
  const { shell, ...sections } = apps;
  const servers: { close(callback: () => void): void }[] = await Promise.all(
    Object.entries(sections).map(([name, app]) => serve.serveDist(path.join(runDir, app.package), ports[name])),
  );
  // Re-pointing a section shows within a second here (10 s by default).
  const renderEnv = {
    ...NO_CLIENT_LIMITS,
    BLOG_SECTIONS_CHECK_SECONDS: '1',
    BLOG_SITE_URL: appUrls.shell,
    // Every page is rendered when first asked for: the tests read X-Cache: MISS.
    BLOG_PRERENDER: 'false',
    REVALIDATE_SECRET: revalidateSecret,
    RENDER_SERVER_TOKEN: renderServerToken,
    // Its warnings and errors: a line a request would drown the run's output.
    LOG_LEVEL: 'warn',
    ...preview,
  };
  servers.push(
    await serve.serveRendered(path.join(runDir, shell.package), ports.shell, renderEnv, { entry: renderServerEntry }),
  );

  process.env.SITE_URL = appUrls.shell;
  process.env.APP_URLS = JSON.stringify(appUrls);
  process.env.CMS_URL = cms.url;
  process.env.CMS_PID = String(cms.pid);
  process.env.CMS_METRICS_URL = cms.metricsUrl;
  process.env.STAND_IN_URL = standIns.url;
  process.env.SHELL_DIST = path.join(runDir, shell.package);
  process.env.RENDER_SERVER_ENTRY = renderServerEntry;
  process.env.SPARE_SITE_PORTS = JSON.stringify([...spareSitePorts]);
  process.env.REVALIDATE_SECRET = revalidateSecret;
  process.env.RENDER_SERVER_TOKEN = renderServerToken;
  process.env.PREVIEW_SECRET = preview.PREVIEW_SECRET;

  return async () => {
    // The render server first: it would otherwise log every section it can no longer reach.
    for (const server of servers.reverse()) await new Promise<void>((resolve) => server.close(resolve));
    await cms.stop();
    await standIns.close();
    fs.rmSync(cms.dataDir, { recursive: true, force: true });
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
