import fs from 'node:fs';
import path from 'node:path';
import { SECTIONS } from '@blog/shared/routes';
import { ChildRenderServers } from './child-render-servers';
import { manifestFiles, serverEntryOf, sharedMismatches, type ReleaseManifest } from './releases';
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
 * Renders every route of the section in a render server of its own (the site's, run again with
 * the release in place of the live one, as a preview of sections is): each must answer 200 with
 * the section, not its fallback. The site's CMS is read, as the live site reads it.
 */
async function renderFailure(container: string, manifestUrl: string, site: SiteOfStore, live: Record<string, string>) {
  const servers = new ChildRenderServers({
    entry: site.renderServer,
    deployed: () => live,
    max: 1,
    // The command says why in one line; the render server's own account of it is not that line.
    logs: 'ignore',
    env: {
      ...process.env,
      BLOG_SHELL_DIST: site.shellDist,
      BLOG_CONFIG_FILE: site.configFile,
      BLOG_SITE_URL: '',
      PREVIEW_SECRET: '',
    },
  });
  try {
    const origin = await servers.origin({ [container]: manifestUrl });
    const paths = SECTIONS.filter(({ module }) => module.startsWith(`${container}/`)).map(({ paths }) => paths[0]);
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
  const shell = JSON.parse(fs.readFileSync(path.join(site.shellDist, 'mf-manifest.json'), 'utf8')) as ReleaseManifest;
  const mismatches = sharedMismatches(manifest, shell);
  if (mismatches.length > 0) return `its shared packages do not run on the shell's: ${mismatches.join('; ')}`;
  try {
    return await renderFailure(container, manifestUrl, site, live);
  } catch (error) {
    return `its server build could not be rendered: ${(error as Error).message}`;
  }
}
