import fs from 'node:fs';
import path from 'node:path';
import { SECTIONS } from '@blog/shared/routes';
import { SHELL_CONTAINER } from '@blog/shared/server-state';
import { ChildRenderServers } from './child-render-servers';
import {
  manifestFiles,
  serverEntryOf,
  sharedMismatches,
  type ReleaseManifest,
  type SectionOverrides,
} from './releases';
import { shellFolderOf } from './shell-folder';
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

/** One set of builds a change is rendered with: which it is, for the refusal's line, and the shell and sections it runs. */
interface RenderRun {
  which: string;
  shellDist: string;
  overrides: SectionOverrides;
}

/** The first reason `paths` fail rendered with each run in turn, named by its run; none when they all render. */
async function firstFailure(paths: string[], site: SiteOfStore, live: Record<string, string>, runs: RenderRun[]) {
  for (const { which, shellDist, overrides } of runs) {
    let failure: string | undefined;
    try {
      failure = await renderFailure(paths, { site, shellDist, live, overrides });
    } catch (error) {
      return `its server build could not be rendered${which}: ${(error as Error).message}`;
    }
    if (failure) return `${failure}${which}`;
  }
  return undefined;
}

/**
 * Why the release at `manifestUrl` must not go live as `container` on `site`, whose sections are
 * `live` now; undefined when it may. In order: the manifest parses and names the container; every
 * file it names answers 200; its shared singletons run on the shell's; its server build renders
 * every route of the section; and the same on the shell kept for rollback (`rollbackShell`, its
 * folder), where there is one: a rollback of the shell must not break it either.
 */
export async function checkRelease(
  container: string,
  manifestUrl: string,
  site: SiteOfStore,
  live: Record<string, string>,
  rollbackShell?: string,
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
  const overrides = { [container]: manifestUrl };
  const runs: RenderRun[] = [{ which: '', shellDist: site.shellDist, overrides }];
  if (rollbackShell && rollbackShell !== site.shellDist)
    runs.push({ which: ' with the shell kept for rollback', shellDist: rollbackShell, overrides });
  for (const { which, shellDist } of runs) {
    const mismatches = sharedMismatches(manifest, shellManifestIn(shellDist));
    if (mismatches.length > 0) return `its shared packages do not run on the shell's${which}: ${mismatches.join('; ')}`;
  }
  const paths = SECTIONS.filter(({ module }) => module.startsWith(`${container}/`)).map(({ paths }) => paths[0]);
  return firstFailure(paths, site, live, runs);
}

/**
 * Why the shell's release at `manifestUrl` (a folder of the store on this machine, or a bucket's) must not go live
 * on `site`, whose sections are `live` now; undefined when it may. In order: it is a shell's build,
 * with its server build; every live section's shared singletons run on what it provides, and every
 * section release kept for rollback's (`rollback`, by container); it renders every route of the
 * site with every live section, then with those kept for rollback, none showing its fallback or
 * throwing: a rollback of a section must not break on it either.
 */
export async function checkShell(
  manifestUrl: string,
  site: SiteOfStore,
  live: Record<string, string>,
  rollback: Record<string, string> = {},
): Promise<string | undefined> {
  let dist: string;
  let shell: ReleaseManifest;
  try {
    // From its bucket's origin where it is in one, as a render server runs it: every file it lists, its bytes its id's.
    dist = await shellFolderOf(manifestUrl);
  } catch (error) {
    return `its files cannot be read: ${(error as Error).message}`;
  }
  try {
    shell = shellManifestIn(dist);
  } catch (error) {
    return `its manifest cannot be read: ${(error as Error).message}`;
  }
  if (shell.name !== SHELL_CONTAINER) return `its manifest names the container ${shell.name}, not ${SHELL_CONTAINER}`;
  if (!fs.existsSync(path.join(dist, 'server', 'remoteEntry.js')))
    return 'it has no server build (server/remoteEntry.js)';
  const sections = [
    ...Object.entries(live).map(([container, manifest]) => [`the live ${container}`, manifest]),
    ...Object.entries(rollback).map(([container, manifest]) => [`the ${container} kept for rollback`, manifest]),
  ];
  for (const [which, sectionManifest] of sections) {
    const section = await fetchManifest(sectionManifest).catch(() => undefined);
    const mismatches = section ? sharedMismatches(section, shell) : [];
    if (mismatches.length > 0) return `${which} does not run on its shared packages: ${mismatches.join('; ')}`;
  }
  const runs: RenderRun[] = [{ which: '', shellDist: dist, overrides: {} }];
  if (Object.keys(rollback).length > 0)
    runs.push({
      which: ` with the sections kept for rollback (${Object.keys(rollback).join(', ')})`,
      shellDist: dist,
      overrides: rollback,
    });
  return firstFailure(
    SECTIONS.map(({ paths }) => paths[0]),
    site,
    live,
    runs,
  );
}
