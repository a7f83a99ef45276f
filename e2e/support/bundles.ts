import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_REPORT_FILE, type BundleReport, type ChunkReport } from '@blog/webpack-config/bundle-report';
import builds from '../../scripts/builds.cjs';
import { appUrls } from './site';

type Apps = Record<string, { package: string }>;

/** A script a page loaded, as its network log tells it. */
export interface LoadedScript {
  url: string;
  transferSize: number;
}

/** What a route's scripts are made of: bytes on the wire by package, and why each package was loaded. */
export interface RouteScripts {
  bytes: number;
  packages: { name: string; bytes: number; why: string[] }[];
}

// Module Federation's runtime counts as one thing: its packages and the webpack runtime it drives.
const FEDERATION_RUNTIME = /^(@module-federation\/|webpack\/runtime$)/;

const packageGroup = (name: string) => (FEDERATION_RUNTIME.test(name) ? 'Module Federation runtime' : name);

/** Each app's bundle report, by its container name, from the builds this run serves. */
export function bundleReports(): Map<string, BundleReport> {
  const apps = builds.apps as Apps;
  return new Map(
    Object.entries(apps).flatMap(([name, app]) => {
      const file = path.join(builds.root, app.package, 'dist', BUNDLE_REPORT_FILE);
      return fs.existsSync(file) ? [[name, JSON.parse(fs.readFileSync(file, 'utf8')) as BundleReport] as const] : [];
    }),
  );
}

/** The chunk a script's address names: by the app served at its origin (the shell's, wherever a render server answers). */
function chunkOf(url: string, reports: Map<string, BundleReport>): { app: string; chunk?: ChunkReport } {
  const { origin, pathname } = new URL(url);
  const app = Object.entries(appUrls()).find(([, appUrl]) => new URL(appUrl).origin === origin)?.[0] ?? 'shell';
  return { app, chunk: reports.get(app)?.chunks.find(({ file }) => file === pathname.slice(1)) };
}

/** The packages in the scripts at these addresses, as their apps' bundle reports say. */
export function packagesIn(urls: string[], reports = bundleReports()): Set<string> {
  return new Set(urls.flatMap((url) => Object.keys(chunkOf(url, reports).chunk?.packages ?? {})));
}

/** A route's scripts by package: each script's bytes on the wire shared out as its bundle report says. */
export function routeScripts(scripts: LoadedScript[], reports = bundleReports()): RouteScripts {
  const packages = new Map<string, { bytes: number; why: Set<string> }>();
  const add = (name: string, bytes: number, why: string) => {
    const known = packages.get(name) ?? { bytes: 0, why: new Set<string>() };
    known.bytes += bytes;
    known.why.add(why);
    packages.set(name, known);
  };
  for (const { url, transferSize } of scripts) {
    const { app, chunk } = chunkOf(url, reports);
    if (!chunk) {
      add(`(not in ${app}'s report)`, transferSize, new URL(url).pathname);
      continue;
    }
    const scale = transferSize / Math.max(chunk.gzipBytes, 1);
    for (const [name, bytes] of Object.entries(chunk.packages)) {
      add(packageGroup(name), bytes * scale, `${app}: ${chunk.why.join(', ') || 'chunk'}`);
    }
  }
  return {
    bytes: scripts.reduce((sum, { transferSize }) => sum + transferSize, 0),
    packages: [...packages]
      .map(([name, { bytes, why }]) => ({ name, bytes, why: [...why] }))
      .sort((a, b) => b.bytes - a.bytes),
  };
}
