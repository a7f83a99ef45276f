import fs from 'node:fs';
import path from 'node:path';
import { SECTIONS } from '@blog/shared/routes';
import { SHELL_CONTAINER } from '@blog/shared/server-state';
import { ChildRenderServers } from './child-render-servers';
import {
  manifestFiles,
  serverEntryOf,
  sharedMismatches,
  shellDistOf,
  type ReleaseManifest,
  type SectionOverrides,
} from './releases';
import type { SiteOfStore } from './store';

// The check before a release goes live (docs/sections/releasing.md, "The check"): the first reason it
// finds to refuse it, or none.

/** What a page shows in place of a section that could not be loaded or threw (`shared/src/federation`). */
const FALLBACK_TEXT = 'section is unavailable right now';
/** React's mark of a part that threw while rendered on the server, left for the browser to render. */
const FAILED_ON_SERVER = '<!--$!-->';

const answers = async (url: string) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
  await response?.body?.cancel();
  return response?.status;
};

async function fetchManifest(url: string): Promise<ReleaseManifest> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as ReleaseManifest;
}

/** The first file the manifest names (and the server build beside it) that does not answer 200 where the release is served. */
async function missingFile(manifestUrl: string, manifest: ReleaseManifest): Promise<string | undefined> {
  const urls = [...manifestFiles(manifest).map((file) => new URL(file, manifestUrl).href), serverEntryOf(manifestUrl)];
  // A few at a time: the origin serves the live site meanwhile.
  for (let at = 0; at < urls.length; at += 8) {
    const batch = urls.slice(at, at + 8);
    const statuses = await Promise.all(batch.map(answers));
    const missing = batch.findIndex((_, index) => statuses[index] !== 200);
    if (missing >= 0) return `${batch[missing]} answers ${statuses[missing] ?? 'nothing'}, not 200`;
  }
  return undefined;
}

/**
 * Renders `paths` in a render server of its own (the site's, run again with `overrides` in place of
 * the live sections, and the shell's build in `shellDist`, as a preview of sections is): each must
 * answer 200 with its section, not its fallback. The site's CMS is read, as the live site reads it.
 */
async function renderFailure(
  paths: string[],
  {
    site,
    shellDist,
    live,
    overrides,
  }: { site: SiteOfStore; shellDist: string; live: Record<string, string>; overrides: SectionOverrides },
) {
  const servers = new ChildRenderServers({
    entry: site.renderServer,
    deployed: () => live,
    max: 1,
    // The command says why in one line; the render server's own account of it is not that line.
    logs: 'ignore',
    env: {
      ...process.env,
      BLOG_SHELL_DIST: shellDist,
      BLOG_CONFIG_FILE: site.configFile,
      BLOG_SITE_URL: '',
      PREVIEW_SECRET: '',
    },
  });
  try {
    const origin = await servers.origin(overrides);
    for (const page of paths) {
      const response = await fetch(`${origin}${page}`, { signal: AbortSignal.timeout(30_000) });
      const html = await response.text();
      if (response.status !== 200) return `${page} rendered with the release answers ${response.status}`;
      if (html.includes(FALLBACK_TEXT)) return `${page} rendered with the release shows the section's fallback`;
      if (html.includes(FAILED_ON_SERVER))
        return `${page} rendered with the release threw while rendered on the server`;
    }
    return undefined;
  } finally {
    servers.close();
  }
}

/** The shell's `mf-manifest.json` in its build `dist`. */
const shellManifestIn = (dist: string) =>
  JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as ReleaseManifest;

/**
 * Why the release at `manifestUrl` must not go live as `container` on `site`, whose sections are
 * `live` now; undefined when it may. In order: the manifest parses and names the container; every
 * file it names answers 200; its shared singletons run on the shell's; its server build renders
 * every route of the section.
 */
export async function checkRelease(
  container: string,
  manifestUrl: string,
  site: SiteOfStore,
  live: Record<string, string>,
): Promise<string | undefined> {
  let manifest: ReleaseManifest;
  try {
    manifest = await fetchManifest(manifestUrl);
  } catch (error) {
    return `its manifest cannot be read: ${(error as Error).message}`;
  }
  if (manifest.name !== container) return `its manifest names the container ${manifest.name}, not ${container}`;
  const missing = await missingFile(manifestUrl, manifest);
  if (missing) return missing;
  const mismatches = sharedMismatches(manifest, shellManifestIn(site.shellDist));
  if (mismatches.length > 0) return `its shared packages do not run on the shell's: ${mismatches.join('; ')}`;
  const paths = SECTIONS.filter(({ module }) => module.startsWith(`${container}/`)).map(({ paths }) => paths[0]);
  try {
    return await renderFailure(paths, {
      site,
      shellDist: site.shellDist,
      live,
      overrides: { [container]: manifestUrl },
    });
  } catch (error) {
    return `its server build could not be rendered: ${(error as Error).message}`;
  }
}

/**
 * Why the shell's release at `manifestUrl` (a folder of the store on this machine) must not go live
 * on `site`, whose sections are `live` now; undefined when it may. In order: it is a shell's build,
 * with its server build; every live section's shared singletons run on what it provides; it renders
 * every route of the site with every live section, none showing its fallback or throwing.
 */
export async function checkShell(
  manifestUrl: string,
  site: SiteOfStore,
  live: Record<string, string>,
): Promise<string | undefined> {
  const dist = shellDistOf(manifestUrl);
  if (!dist) return `${manifestUrl} is not a folder on this machine`;
  let shell: ReleaseManifest;
  try {
    shell = shellManifestIn(dist);
  } catch (error) {
    return `its manifest cannot be read: ${(error as Error).message}`;
  }
  if (shell.name !== SHELL_CONTAINER) return `its manifest names the container ${shell.name}, not ${SHELL_CONTAINER}`;
  if (!fs.existsSync(path.join(dist, 'server', 'remoteEntry.js')))
    return 'it has no server build (server/remoteEntry.js)';
  for (const [container, sectionManifest] of Object.entries(live)) {
    const section = await fetchManifest(sectionManifest).catch(() => undefined);
    const mismatches = section ? sharedMismatches(section, shell) : [];
    if (mismatches.length > 0)
      return `the live ${container} does not run on its shared packages: ${mismatches.join('; ')}`;
  }
  const paths = SECTIONS.map(({ paths }) => paths[0]);
  try {
    return await renderFailure(paths, { site, shellDist: dist, live, overrides: {} });
  } catch (error) {
    return `it could not be rendered: ${(error as Error).message}`;
  }
}
