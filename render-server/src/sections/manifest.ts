import { createHash } from 'node:crypto';
import { serverEntryOf } from '@blog/release';
import { inlinable, integrityOf, type Stylesheet } from '../render/head';
import { log } from '../log';

/** Where a section is deployed: the browser's manifest, with its server build beside it. */
export interface Deployment {
  manifestUrl: string;
  /** The server build's container, addressed by its content so a new deploy is a new entry. */
  entry: string;
  /** The exposed modules' stylesheets, from the browser's manifest, with their rules. */
  stylesheets: Map<string, Stylesheet[]>;
  /** The scripts each exposed module starts with in the browser: the container and the module's own chunks. */
  scripts: Map<string, string[]>;
}

interface Assets {
  sync?: string[];
  async?: string[];
}

interface BrowserManifest {
  metaData?: { remoteEntry?: { path: string; name: string } };
  shared?: { assets?: { js?: Assets } }[];
  exposes?: { name: string; assets?: { css?: Assets; js?: Assets } }[];
}

/**
 * What the browser runs to start each exposed module, absolute: preloaded by the page, so the
 * module's code arrives with the shell's rather than after it. Shared packages are left out:
 * the shell provides them.
 */
export function scriptsOf(manifestUrl: string, manifestText: string): Map<string, string[]> {
  const manifest = JSON.parse(manifestText) as BrowserManifest;
  const entry = manifest.metaData?.remoteEntry;
  if (!entry) return new Map();
  const shared = new Set(
    (manifest.shared ?? []).flatMap(({ assets }) => [...(assets?.js?.sync ?? []), ...(assets?.js?.async ?? [])]),
  );
  const url = (file: string) => new URL(file, manifestUrl).href;
  return new Map(
    (manifest.exposes ?? []).map(({ name, assets }) => [
      name,
      [url(`${entry.path}${entry.name}`), ...(assets?.js?.sync ?? []).filter((file) => !shared.has(file)).map(url)],
    ]),
  );
}

async function stylesheetsOf(manifestUrl: string, manifestText: string): Promise<Map<string, Stylesheet[]>> {
  const manifest = JSON.parse(manifestText) as BrowserManifest;
  const stylesheets = new Map<string, Promise<Stylesheet>>();
  const stylesheet = (file: string): Promise<Stylesheet> => {
    const href = new URL(file, manifestUrl).href;
    let known = stylesheets.get(href);
    if (!known) {
      known = download(href).then(
        (text) => ({ href, css: inlinable(text, href), integrity: integrityOf(text) }),
        () => ({ href }),
      );
      stylesheets.set(href, known);
    }
    return known;
  };
  return new Map(
    await Promise.all(
      (manifest.exposes ?? []).map(
        async ({ name, assets }) =>
          [
            name,
            await Promise.all([...(assets?.css?.sync ?? []), ...(assets?.css?.async ?? [])].map(stylesheet)),
          ] as const,
      ),
    ),
  );
}

async function download(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** What is deployed at `manifestUrl` now (a new server build or new stylesheets is a new version); undefined when it cannot be reached. */
export async function deployedAt(manifestUrl: string): Promise<Deployment | undefined> {
  const serverEntry = serverEntryOf(manifestUrl);
  try {
    const [manifest, code] = await Promise.all([download(manifestUrl), download(serverEntry)]);
    const version = createHash('sha256').update(manifest).update(code).digest('hex').slice(0, 12);
    return {
      manifestUrl,
      entry: `${serverEntry}?v=${version}`,
      stylesheets: await stylesheetsOf(manifestUrl, manifest),
      scripts: scriptsOf(manifestUrl, manifest),
    };
  } catch (error) {
    log.error({ err: error }, `The section at ${manifestUrl} cannot be reached`);
    return undefined;
  }
}

/** The labels of a section's build in the metrics: where it is deployed, and its version. */
export const buildLabels = (section: string, { manifestUrl, entry }: Deployment) => ({
  section,
  manifest: manifestUrl,
  build: new URL(entry).searchParams.get('v') ?? '',
});

/** A section never reached: it keeps no code, and its pages render its fallback until it is. */
export const unreachable = (manifestUrl: string): Deployment => ({
  manifestUrl,
  entry: `${serverEntryOf(manifestUrl)}?v=unreachable`,
  stylesheets: new Map(),
  scripts: new Map(),
});
