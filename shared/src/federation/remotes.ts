import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

import type { RemoteManifests, RemoteModuleId } from './contract';

export type { RemoteManifests, RemoteModuleId };

let manifests: Promise<RemoteManifests> | undefined;
/** The releases the server rendered this page with, kept for the visit (`pinRemotes`). */
let pinned: RemoteManifests | undefined;

function register(remotes: RemoteManifests): RemoteManifests {
  // Inside the shell a section shares the runtime that already knows every section.
  const known = new Set(getInstance()?.options.remotes.map(({ name }) => name));
  const unknown = Object.entries(remotes).filter(([name]) => !known.has(name));
  registerRemotes(unknown.map(([name, entry]) => ({ name, entry })));
  return remotes;
}

function readManifests(): Promise<RemoteManifests> {
  manifests ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
      return response.json() as Promise<RemoteManifests>;
    })
    .then(register)
    .catch((error: unknown) => {
      manifests = undefined;
      throw error;
    });
  return manifests;
}

/**
 * Loads every section of this visit from the releases the server rendered the page with, not
 * from `/remotes.json`: a release made while the page is open changes nothing in it, and
 * hydration runs the very code the server ran (skew protection).
 */
export function pinRemotes(remotes: RemoteManifests): void {
  pinned = remotes;
  manifests = Promise.resolve(register(remotes));
}

/** Where a page that reloads itself because its release is gone notes it did, so it does so once. */
const RELOADED_KEY = 'blog-release-gone';

/**
 * A section of this visit that fails to load because its release was deleted (its manifest is
 * 404): the page reloads itself once, and is rendered with what is live now. Once per release.
 */
async function reloadIfGone(id: RemoteModuleId): Promise<void> {
  const manifest = pinned?.[id.split('/')[0]];
  if (!manifest) return;
  const status = await fetch(manifest, { cache: 'no-cache' }).then(
    (response): number | undefined => response.status,
    (): undefined => undefined,
  );
  if (status !== 404 && status !== 410) return;
  try {
    if (sessionStorage.getItem(RELOADED_KEY) === manifest) return;
    sessionStorage.setItem(RELOADED_KEY, manifest);
  } catch {
    // No storage to remember it: no reload, which could not be kept from looping.
    return;
  }
  window.location.reload();
}

const loaded = new Map<RemoteModuleId, Promise<unknown>>();
const resolved = new Map<RemoteModuleId, unknown>();

/** A module that has been loaded, at once; `undefined` when it is not (yet). */
export function peekRemoteModule<T>(id: RemoteModuleId): T | undefined {
  return resolved.get(id) as T | undefined;
}

/**
 * Loads a module a section exposes, once; a failure is forgotten so that the next call
 * (a retry, another visit) loads that section afresh instead of repeating the old error.
 */
export function loadRemoteModule<T>(id: RemoteModuleId): Promise<T> {
  let module = loaded.get(id);
  if (!module) {
    module = readManifests()
      .then(() => loadRemote<T>(id))
      .then((value) => {
        if (value === undefined || value === null) throw new Error(`${id} could not be loaded`);
        resolved.set(id, value);
        return value;
      })
      .catch(async (error: unknown) => {
        loaded.delete(id);
        await Promise.all([forgetContainer(id), reloadIfGone(id)]);
        throw error;
      });
    loaded.set(id, module);
  }
  return module as Promise<T>;
}

/** The runtime keeps a container that failed to load; registering it again with force drops it. */
async function forgetContainer(id: RemoteModuleId): Promise<void> {
  const name = id.split('/')[0];
  const entry = (await manifests?.catch((): undefined => undefined))?.[name];
  if (entry) registerRemotes([{ name, entry }], { force: true });
}
