import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SHELL_CONTAINER } from '@blog/shared/server-state';
import apps from '@blog/webpack-config/apps.json';
import {
  SwitchConflict,
  canaryPercent,
  sectionsOf,
  type Canary,
  type LiveEntry,
  type Registry,
  historyTable,
  manifestFiles,
  previousRelease,
  rollbackReleases,
  type ReleaseManifest,
  type Switch,
} from './releases';
import { RedisRegistry } from './redis-registry';
import { checkRelease, checkShell } from './check';
import { BucketStore } from './bucket-store';
import { shellFolderOf } from './shell-folder';
import { releaseSettingsOf, type ReleaseSettings } from './settings';
import { FolderStore, fileRegistry, type LiveRegistry, type ReleaseStore } from './store';

// `npm run release`, `npm run releases` and `npm run release:site` (run by `scripts/release.mjs`,
// which builds the section first): docs/reference/release-cli.md. Every refusal is one line on
// stderr and a non-zero exit.

/** Exit code of a release that lost to another release of the same section: run it again. */
const RETRY = 75;

class Refusal extends Error {
  constructor(
    message: string,
    readonly code = 1,
  ) {
    super(message);
  }
}

/** The sections, then the shell: what a release names, by container. */
const RELEASED = Object.entries(sectionsOf(apps)).concat([[SHELL_CONTAINER, apps[SHELL_CONTAINER]]]);
const RELEASED_NAMES = RELEASED.map(([, { package: name }]) => name);

/** The container of a section (or the shell) named by its folder (`mf-articles`) or its container (`mf_articles`). */
function containerOf(name: string | undefined): string {
  const found = RELEASED.find(([container, app]) => name === container || name === app.package);
  if (!found) throw new Refusal(`unknown section ${name ?? '(none)'}: name one of ${RELEASED_NAMES.join(', ')}`);
  return found[0];
}

/**
 * Where release `id` of `container` is: on the origin `site.json` names for it, or the shell's in
 * a folder store, its folder (a `file:` address), which the render servers of that machine run.
 */
async function manifestOf(store: ReleaseStore, container: string, id: string): Promise<string> {
  if (container === SHELL_CONTAINER && store instanceof FolderStore)
    return pathToFileURL(path.join(store.releaseDir(container, id), 'mf-manifest.json')).href;
  const origin = (await store.site()).origins[container];
  if (!origin) throw new Refusal(`${store.location}/site.json names no origin for ${container}`);
  return `${origin}/releases/${id}/mf-manifest.json`;
}

/** A built section's (or the shell's) folder, as a release is made of it: its manifest, its server build, and every file the manifest names. */
function builtFolder(folder: string): ReleaseManifest {
  const manifestFile = path.join(folder, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Refusal(`${folder} has no mf-manifest.json: not a section's build`);
  let manifest: ReleaseManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ReleaseManifest;
  } catch {
    throw new Refusal(`${manifestFile} is not JSON`);
  }
  if (!fs.existsSync(path.join(folder, 'server', 'remoteEntry.js')))
    throw new Refusal(`${folder} has no server build (server/remoteEntry.js)`);
  const absent = manifestFiles(manifest).find((file) => !fs.existsSync(path.join(folder, file)));
  if (absent) throw new Refusal(`${folder} lacks ${absent}, which its manifest names`);
  return manifest;
}

interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

/** The options each command takes: those with a value take the next argument when there is one. */
const OPTIONS = new Set(['--from', '--rollback', '--builds', '--json', '--canary', '--promote']);
const WITH_VALUE = new Set(['--from', '--rollback', '--builds', '--canary']);

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let at = 0; at < argv.length; at += 1) {
    const arg = argv[at];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    // An option not known is refused rather than ignored: it might have meant not to release to everyone.
    if (!OPTIONS.has(arg)) throw new Refusal(`unknown option ${arg} (${[...OPTIONS].join(', ')})`);
    const value = argv[at + 1];
    const takesValue = WITH_VALUE.has(arg) && value !== undefined && !value.startsWith('--');
    if (takesValue) at += 1;
    flags.set(arg.slice(2), takesValue ? value : true);
  }
  return { positional, flags };
}

/** A path as the one who ran the command meant it: npm runs it from the checkout, this file from `release/`. */
const callerPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const now = () => new Date().toISOString();

/** How long a release stays servable after it was published (`BLOG_RELEASE_KEEP_HOURS`). */
const keepMs = () => releaseSettingsOf(process.env).BLOG_RELEASE_KEEP_HOURS * 3_600_000;

/** The lines that say which releases of `container` no page may still need, and which broken-off uploads, were deleted, if any. */
async function pruned(store: ReleaseStore, container: string, live: string) {
  const { releases, incomplete } = await store.prune(container, live, keepMs());
  return [
    releases.length > 0 ? `\n${container}: deleted ${releases.join(', ')} (older than kept, not among the last 5)` : '',
    incomplete.length > 0
      ? `\n${container}: deleted the uploads of ${incomplete.join(', ')} (broken off, never marked complete)`
      : '',
  ].join('');
}

/** Switches `container` to `entry` in the registry read as `read`; another release of it since is a refusal to retry. */
async function switchTo(registry: LiveRegistry, read: Registry, container: string, entry: LiveEntry) {
  try {
    await registry.switch(read, container, entry);
  } catch (error) {
    if (error instanceof SwitchConflict) throw new Refusal(error.message, RETRY);
    throw error;
  }
}

/**
 * Makes `id` live for `container` once it passes the check, or with `percent` its canary (the
 * live release stays live for the rest); what was live before, and the line that says so.
 */
async function goLive(
  store: ReleaseStore,
  registry: LiveRegistry,
  container: string,
  id: string,
  action: Switch['action'],
  percent?: number,
) {
  const read = await registry.registry();
  const current = read.live[container];
  const from = current?.release ?? null;
  if (from === id) return `${container} ${id} is already live: nothing changed`;
  if (percent !== undefined && !current)
    throw new Refusal(`${container} has no live release for a canary to share its visitors with`);
  const site = await store.site();
  const manifest = await manifestOf(store, container, id);
  if (container === SHELL_CONTAINER) await registry.announce(manifest);
  const live = Object.fromEntries(Object.entries(sectionsOf(read.live)).map(([name, entry]) => [name, entry.manifest]));
  const kept = await keptForRollback(store, registry, read);
  const { [SHELL_CONTAINER]: keptShell, ...keptSections } = kept;
  // A section is checked on the live shell release (downloaded where it is in a bucket); else,
  // before the first, on the shell's build `site.json` names.
  const reason =
    container === SHELL_CONTAINER
      ? await checkShell(manifest, site, live, keptSections)
      : await checkRelease(
          container,
          manifest,
          { ...site, shellDist: (await shellHere(read.live[SHELL_CONTAINER]?.manifest)) ?? site.shellDist },
          live,
          await shellHere(keptShell),
        );
  const entry = { at: now(), section: container, action, from, to: id, ...(percent && { canary: percent }) };
  if (reason) {
    await registry.record({ ...entry, check: reason, live: from });
    throw new Refusal(`${container} ${id} refused, ${from ?? 'nothing'} stays live: ${reason}`);
  }
  if (current && percent !== undefined) {
    await switchTo(registry, read, container, { ...current, canary: { release: id, manifest, percent } });
    await registry.record({ ...entry, check: 'passed', live: from });
    return `${container} ${id} is the canary for ${percent}% of new visitors (${from} stays live for the rest): ${manifest}`;
  }
  // A release made during a canary ends it: the release is live for everyone.
  await switchTo(registry, read, container, { release: id, manifest });
  await registry.record({ ...entry, check: 'passed', live: id });
  return `${container} ${id} is live (was ${from ?? 'nothing'}): ${manifest}${await pruned(store, container, id)}`;
}

/** The folder of the shell's release at `manifest` on this machine (downloaded from a bucket), where it can be had. */
async function shellHere(manifest: string | undefined): Promise<string | undefined> {
  const dist = manifest && (await shellFolderOf(manifest).catch(() => undefined));
  return dist && fs.existsSync(path.join(dist, 'mf-manifest.json')) ? dist : undefined;
}

/** The manifest of each release a rollback would return to now, by container, of those the store still holds. */
async function keptForRollback(store: ReleaseStore, registry: LiveRegistry, read: Registry) {
  const kept = await Promise.all(
    Object.entries(rollbackReleases(await registry.history(), read)).map(async ([container, id]) =>
      (await store.has(container, id)) ? [[container, await manifestOf(store, container, id)] as const] : [],
    ),
  );
  return Object.fromEntries(kept.flat());
}

/** `--promote`: the canary live for everyone, as it was checked when it began. */
async function promote(registry: LiveRegistry, container: string) {
  const read = await registry.registry();
  const current = read.live[container];
  if (!current?.canary) throw new Refusal(`${container} has no canary to promote`);
  const { release, manifest } = current.canary;
  await switchTo(registry, read, container, { release, manifest });
  await registry.record({
    at: now(),
    section: container,
    action: 'promote',
    from: current.release,
    to: release,
    check: 'passed',
    live: release,
  });
  return `${container} ${release} is live for everyone (was ${current.release}): ${manifest}`;
}

/** `--rollback` during a canary: the canary ends, and the live release is everyone's again. */
async function endCanary(
  registry: LiveRegistry,
  read: Registry,
  container: string,
  current: LiveEntry,
  canary: Canary,
) {
  await switchTo(registry, read, container, { release: current.release, manifest: current.manifest });
  await registry.record({
    at: now(),
    section: container,
    action: 'rollback',
    from: canary.release,
    to: current.release,
    check: 'skipped: the canary ends, the live release stays',
    live: current.release,
  });
  return `${container} canary ${canary.release} ended: ${current.release} is live for everyone`;
}

async function release(store: ReleaseStore, registry: LiveRegistry, args: Args) {
  const container = containerOf(args.positional[0]);
  if (args.flags.has('promote')) return console.log(await promote(registry, container));
  const canary = args.flags.get('canary');
  const percent = canary === undefined ? undefined : canaryPercent(canary);
  if (canary !== undefined && percent === undefined)
    throw new Refusal(
      `--canary takes a whole percent from 1 to 99 of new visitors, not ${canary === true ? 'nothing' : canary}`,
    );
  const rollback = args.flags.get('rollback');
  if (rollback !== undefined) {
    const read = await registry.registry();
    const live = read.live[container];
    if (live?.canary && rollback === true)
      return console.log(await endCanary(registry, read, container, live, live.canary));
    const current = live?.release;
    const id = rollback === true ? previousRelease(await registry.history(), container, current) : rollback;
    if (!id) throw new Refusal(`${container} has no release before ${current ?? 'none'} to roll back to`);
    if (!(await store.has(container, id))) throw new Refusal(`${container} has no release ${id}`);
    console.log(await goLive(store, registry, container, id, 'rollback'));
    return;
  }
  const from = args.flags.get('from');
  if (typeof from !== 'string') throw new Refusal('name the built folder: --from <folder>');
  const folder = callerPath(from);
  const manifest = builtFolder(folder);
  // Read first: a registry that cannot be read stops the command before anything is published.
  await registry.registry();
  const { id, created } = await store.publish(container, folder, manifest.metaData?.buildInfo?.buildVersion ?? '0');
  console.log(`${container} ${id} ${created ? 'published' : 'was published already'} in ${store.location}`);
  console.log(await goLive(store, registry, container, id, percent ? 'canary' : 'release', percent));
}

/**
 * `npm start`'s start: each section's build is published and made live, unless it is live
 * already where this run serves it. No site runs yet to check it on: `npm start` runs the
 * checkout's builds, as it did before releases (a first start makes them the first releases).
 */
async function first(store: ReleaseStore, registry: LiveRegistry, builds: (app: string) => string) {
  // The shell runs from releases where they are in a folder (`npm start`'s); a bucket's shell is
  // released by its team (`release shell`), onto the origin its operator named in `site.json`.
  for (const [container, app] of store instanceof FolderStore ? RELEASED : Object.entries(sectionsOf(apps))) {
    const folder = builds(app.package);
    const manifest = builtFolder(folder);
    const { id } = await store.publish(container, folder, manifest.metaData?.buildInfo?.buildVersion ?? '0');
    const read = await registry.registry();
    const manifestUrl = await manifestOf(store, container, id);
    const from = read.live[container];
    if (from?.release === id && from.manifest === manifestUrl) continue;
    await registry.switch(read, container, { release: id, manifest: manifestUrl });
    await registry.record({
      at: now(),
      section: container,
      action: 'start',
      from: from?.release ?? null,
      to: id,
      check: 'skipped: npm start runs the checkout’s build',
      live: id,
    });
    console.log(
      `${container} ${id} is live, the checkout's build: ${manifestUrl}${await pruned(store, container, id)}`,
    );
  }
}

async function history(registry: LiveRegistry, args: Args) {
  const section = args.positional[0] === undefined ? undefined : containerOf(args.positional[0]);
  const entries = (await registry.history()).filter((entry) => !section || entry.section === section);
  const live = await registry.registry();
  if (args.flags.has('json')) console.log(JSON.stringify(entries, null, 2));
  else console.log(historyTable(entries, { ...live, live: section ? { [section]: live.live[section] } : live.live }));
}

/** The checkout the command runs in: this file is its `release/src/cli.ts`. */
const CHECKOUT = path.resolve(__dirname, '..', '..');

/** `npm run release:site -- <file>`: the site's description written into the store, once the store's reader takes it. */
async function writeSite(store: ReleaseStore, args: Args) {
  const [file] = args.positional;
  if (!file) throw new Refusal("name the site's description: release:site <site.json>");
  const from = callerPath(file);
  if (!fs.existsSync(from)) throw new Refusal(`${from} is missing: write the site's description there first`);
  const origins = await store.setSite(fs.readFileSync(from, 'utf8'), from);
  const sections = Object.entries(origins).map(([container, origin]) => `${container} at ${origin}`);
  return `${store.location}/site.json written: ${sections.join(', ') || 'no section'}`;
}

/** The store of releases: a folder (`BLOG_RELEASES_DIR`) or a bucket (`BLOG_RELEASES_STORE`). */
function storeOf(settings: ReleaseSettings): ReleaseStore {
  const bucket = settings.BLOG_RELEASES_STORE;
  if (bucket) return new BucketStore(bucket, CHECKOUT);
  return new FolderStore(settings.BLOG_RELEASES_DIR ?? path.join(CHECKOUT, '.releases'));
}

/** Where what is live is kept: the folder's own files, or past one machine the Redis the render servers share. */
function registryOf(store: ReleaseStore, settings: ReleaseSettings): LiveRegistry {
  const redis = settings.BLOG_CACHE_URL;
  if (redis) return new RedisRegistry(redis);
  // The file registry is a file of the folder store: a bucket's releases go live in Redis only.
  if (store instanceof FolderStore) return fileRegistry(store);
  throw new Refusal('a store in a bucket (BLOG_RELEASES_STORE) needs the registry in Redis: set BLOG_CACHE_URL');
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const args = parseArgs(rest);
  const settings = releaseSettingsOf(process.env);
  const store = storeOf(settings);
  // The site is the store's alone: its operator writes it with no registry at hand.
  if (command === 'site') return console.log(await writeSite(store, args));
  const registry = registryOf(store, settings);
  try {
    if (command === 'release') return await release(store, registry, args);
    if (command === 'releases') return await history(registry, args);
    if (command === 'first') {
      // `--builds <folder>`: the sections' builds are `<folder>/<app>` (a deployment's copies), not the checkout's `<app>/dist`.
      const builds = args.flags.get('builds');
      return await first(store, registry, (app) =>
        typeof builds === 'string' ? path.join(callerPath(builds), app) : path.join(CHECKOUT, app, 'dist'),
      );
    }
  } finally {
    await registry.close();
  }
  throw new Refusal(
    'usage: release <section> [--from <folder>] [--canary <percent>] [--promote] [--rollback [<id>]] | releases [<section>] [--json] | site <site.json>',
  );
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = error instanceof Refusal ? error.code : 1;
});
