import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHELL_CONTAINER } from '@blog/shared/server-state';
import { satisfy } from '@module-federation/enhanced/runtime';

// A section's releases (docs/sections/releasing.md): immutable builds, one registry of what is
// live with a revision number, and the append-only history of its switches. Pure: the store's
// files are read and written by `release/store.ts`.

/** Builds of sections in place of the deployed ones, by container: each build's manifest. */
export type SectionOverrides = Record<string, string>;

/** A release served to a share of new visitors, who keep it (docs/sections/canaries.md); the rest get the live one. */
export interface Canary {
  release: string;
  manifest: string;
  /** The share of new visitors, in percent: a whole number from 1 to 99. */
  percent: number;
}

/** A section's live release and the address of its `mf-manifest.json`, and its canary when one runs. */
export interface LiveEntry {
  release: string;
  manifest: string;
  canary?: Canary;
}

/** What is live: each section's release and the address of its `mf-manifest.json`. */
export interface Registry {
  /** Raised by one at every switch: a write names the revision it read (compare and set). */
  revision: number;
  live: Record<string, LiveEntry>;
}

/** What a render server follows: each section's manifest, by container, the canaries running, and the shell's release. */
export interface Deployed {
  manifests: Record<string, string>;
  canaries: Record<string, Canary>;
  /** The live shell release's manifest, beside its browser and server builds; none renders with the server's own shell build. */
  shell?: string;
}

/** The live sections of a registry's entries, by container: the shell's release is not a section. */
export const sectionsOf = <Entry>(live: Record<string, Entry>): Record<string, Entry> =>
  Object.fromEntries(Object.entries(live).filter(([container]) => container !== SHELL_CONTAINER));

export const EMPTY_REGISTRY: Registry = { revision: 0, live: {} };

/** One switch of a section, as the history keeps it (a refused one changes nothing live). */
export interface Switch {
  at: string;
  section: string;
  action: 'release' | 'rollback' | 'start' | 'canary' | 'promote';
  from: string | null;
  to: string;
  /** `passed`, or the check's reason for refusing. */
  check: string;
  /** The section's release live once it was done. */
  live: string | null;
  /** A canary's share of new visitors, in percent (`to` is the canary's release). */
  canary?: number;
}

/** A section's server build, next to its browser build: `<dist>/server/remoteEntry.js`. */
export const serverEntryOf = (manifestUrl: string) => new URL('server/remoteEntry.js', manifestUrl).href;

/** A release's id: its build's version and a hash of every file, by path, so other bytes are another id. */
export function releaseId(buildVersion: string, files: Iterable<[path: string, bytes: Buffer]>): string {
  const hash = createHash('sha256');
  for (const [file, bytes] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  const version = buildVersion.replace(/[^0-9A-Za-z.+-]/g, '_') || '0';
  return `${version}-${hash.digest('hex').slice(0, 12)}`;
}

/** A release id as `releaseId` makes them: nothing that could step out of the store's folders. */
export const isReleaseId = (id: string) => /^[0-9A-Za-z.+_-]{1,80}-[0-9a-f]{12}$/.test(id) && !id.startsWith('.');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A canary's share as `--canary` takes it, a whole percent from 1 to 99; undefined when it is not one. */
export function canaryPercent(value: string | true | undefined): number | undefined {
  const percent = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  return percent >= 1 && percent <= 99 ? percent : undefined;
}

const isCanary = (value: unknown): value is Canary =>
  isObject(value) &&
  typeof value.release === 'string' &&
  typeof value.manifest === 'string' &&
  canaryPercent(String(value.percent)) === value.percent;

/** The registry in `text`; a file that is not one throws, naming what is wrong. */
export function parseRegistry(text: string): Registry {
  const value: unknown = JSON.parse(text);
  if (!isObject(value) || !Number.isInteger(value.revision) || !isObject(value.live))
    throw new Error('the registry is not {"revision": <number>, "live": {…}}');
  for (const [section, entry] of Object.entries(value.live)) {
    if (!isObject(entry) || typeof entry.release !== 'string' || typeof entry.manifest !== 'string')
      throw new Error(`the registry's entry for ${section} is not {"release", "manifest"}`);
    if (entry.canary !== undefined && !isCanary(entry.canary))
      throw new Error(`the registry's canary for ${section} is not {"release", "manifest", "percent"}`);
  }
  return value as unknown as Registry;
}

/** What a registry deploys: each section's live manifest, the canaries running (the shell's too), and the live shell release. */
export const deployedBy = (registry: Registry): Deployed => {
  const sections = sectionsOf(registry.live);
  return {
    manifests: Object.fromEntries(Object.entries(sections).map(([section, { manifest }]) => [section, manifest])),
    canaries: Object.fromEntries(
      Object.entries(registry.live).flatMap(([section, { canary }]) => (canary ? [[section, canary]] : [])),
    ),
    ...(registry.live[SHELL_CONTAINER] && { shell: registry.live[SHELL_CONTAINER].manifest }),
  };
};

/** The folder of a shell release on this machine, from its manifest's `file:` address; none for another address. */
export function shellDistOf(manifest: string): string | undefined {
  const url = new URL(manifest);
  return url.protocol === 'file:' ? path.dirname(fileURLToPath(url)) : undefined;
}

/**
 * A release in a bucket by the address of its manifest, `<origin>/releases/<id>/mf-manifest.json`:
 * its id and the address of its marker, `<origin>/published/<id>`, which lists its files and
 * exists once it is complete (`bucket-store.ts`); undefined for another address.
 */
export function bucketReleaseOf(manifest: string): { id: string; listing: string } | undefined {
  const [, origin, id] = /^(https?:\/\/.+)\/releases\/([^/]+)\/mf-manifest\.json$/.exec(manifest) ?? [];
  return id && isReleaseId(id) ? { id, listing: `${origin}/published/${id}` } : undefined;
}

/**
 * Where each section is deployed, from a `remotes.json` (container → manifest, no canary) or
 * from the registry that replaces it: the render server reads either. Anything else throws.
 */
export function deployedOf(text: string): Deployed {
  const value: unknown = JSON.parse(text);
  if (isObject(value) && 'revision' in value) return deployedBy(parseRegistry(text));
  if (!isObject(value) || Object.values(value).some((manifest) => typeof manifest !== 'string'))
    throw new Error('remotes.json is not {"<container>": "<URL of its mf-manifest.json>"}');
  return { manifests: value as Record<string, string>, canaries: {} };
}

/** Why a switch was not made: another switch of the same section came first. */
export class SwitchConflict extends Error {}

/**
 * `section` switched to `entry` in `current`, the registry as it is now, by a writer that read
 * `read`. Another section's switch made in between is kept (both land); a switch of the same
 * section made in between throws `SwitchConflict`: the writer checked a change to what is no
 * longer live, and must start again.
 */
export function switched(current: Registry, read: Registry, section: string, entry: LiveEntry): Registry {
  const sectionChanged = JSON.stringify(current.live[section]) !== JSON.stringify(read.live[section]);
  if (current.revision !== read.revision && sectionChanged) {
    throw new SwitchConflict(
      `another release of ${section} went live while this one was checked (now ${current.live[section]?.release}): retry`,
    );
  }
  return { revision: current.revision + 1, live: { ...current.live, [section]: entry } };
}

/** How long a release stays servable after it was published, at least (`BLOG_RELEASE_KEEP_HOURS`). */
export const DEFAULT_KEEP_HOURS = 24;
/** The releases of a section kept whatever their age, newest first. */
export const KEEP_LAST = 5;

/**
 * The releases of one section that may be deleted: past `keepMs` since they were published, not
 * among the `keepLast` newest, and not live. Pages a browser opened on one keep using it until then.
 */
export function releasesToPrune(
  releases: { id: string; publishedAt: number }[],
  live: string | undefined,
  now: number,
  keepMs: number,
  keepLast = KEEP_LAST,
): string[] {
  return [...releases]
    .sort((a, b) => b.publishedAt - a.publishedAt)
    .slice(keepLast)
    .filter(({ id, publishedAt }) => id !== live && now - publishedAt > keepMs)
    .map(({ id }) => id);
}

/** The history's lines (JSON Lines), oldest first; a line that is not a switch is skipped. */
export function parseHistory(text: string): Switch[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return isObject(value) && typeof value.section === 'string' ? [value as unknown as Switch] : [];
      } catch {
        return [];
      }
    });
}

/** The release a rollback goes back to: the one live before the current one went live; none when there was none. */
export function previousRelease(history: Switch[], section: string, live: string | undefined): string | undefined {
  const last = history
    .filter((entry) => entry.section === section && entry.check === 'passed' && entry.to === live)
    .pop();
  return last?.from ?? undefined;
}

/**
 * The release each part live in `registry` would roll back to now (`previousRelease`), by
 * container, where it is another than the live one: a change must run with those too, or a
 * rollback could return to a site that breaks.
 */
export function rollbackReleases(history: Switch[], registry: Registry): Record<string, string> {
  return Object.fromEntries(
    Object.entries(registry.live).flatMap(([container, { release }]) => {
      const previous = previousRelease(history, container, release);
      return previous && previous !== release ? [[container, previous]] : [];
    }),
  );
}

/** The history for people, one switch a line (time, section, what, from → to, the check, what was live after), then what is live now. */
export function historyTable(history: Switch[], registry: Registry): string {
  const lines = history.map(
    ({ at, section, action, from, to, check, live, canary }) =>
      `${at}  ${section}  ${action}${canary ? ` ${canary}%` : ''}  ${from ?? '(none)'} → ${to}  check: ${check}  live: ${live ?? '(none)'}`,
  );
  const live = Object.entries(registry.live).map(
    ([section, { release, canary }]) =>
      `live now: ${section} ${release}${canary ? `, canary ${canary.release} for ${canary.percent}% of new visitors` : ''}`,
  );
  return [...lines, ...live].join('\n');
}

interface ManifestAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

/** What of an `mf-manifest.json` a release is checked against. */
export interface ReleaseManifest {
  name?: string;
  metaData?: { buildInfo?: { buildVersion?: string }; remoteEntry?: { path?: string; name?: string } };
  shared?: { name: string; version?: string; requiredVersion?: string; singleton?: boolean; assets?: ManifestAssets }[];
  exposes?: { name: string; assets?: ManifestAssets }[];
}

const assetFiles = (assets: ManifestAssets | undefined) =>
  [assets?.js, assets?.css].flatMap((kind) => [...(kind?.sync ?? []), ...(kind?.async ?? [])]);

/** Every file a manifest names, relative to it: the remote entry, the exposed modules' and the shared packages' files. */
export function manifestFiles(manifest: ReleaseManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  return [
    ...new Set([
      ...(entry?.name ? [`${entry.path ?? ''}${entry.name}`] : []),
      ...(manifest.exposes ?? []).flatMap(({ assets }) => assetFiles(assets)),
      ...(manifest.shared ?? []).flatMap(({ assets }) => assetFiles(assets)),
    ]),
  ];
}

/**
 * Why the release's shared packages do not run on what the shell provides: each package both
 * share must be of a version the release accepts (Module Federation's own rule, `satisfy`), or
 * the release would run on another copy of React, the router or the reads' cache. Empty: they do.
 */
export function sharedMismatches(release: ReleaseManifest, shell: ReleaseManifest): string[] {
  const provided = new Map((shell.shared ?? []).map(({ name, version }) => [name, version]));
  return (release.shared ?? []).flatMap(({ name, version, requiredVersion }) => {
    const shellVersion = provided.get(name);
    if (shellVersion === undefined) return [];
    const wanted = requiredVersion || version;
    return wanted && !satisfy(shellVersion, wanted)
      ? [`${name} ${wanted} is wanted, the shell provides ${shellVersion}`]
      : [];
  });
}
