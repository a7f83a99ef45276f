import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** `container/exposed`, e.g. `mf_articles/Home`. */
export type RemoteModuleId = `${string}/${string}`;

/** Where each section is deployed: read at run time from the page's own `/remotes.json`. */
export type RemoteManifests = Record<string, string>;

let manifests: Promise<RemoteManifests> | undefined;

function readManifests(): Promise<RemoteManifests> {
  manifests ??= fetch('/remotes.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
      return response.json() as Promise<RemoteManifests>;
    })
    .then((remotes) => {
      // Inside the shell a section shares the runtime that already knows every section.
      const known = new Set(getInstance()?.options.remotes.map(({ name }) => name));
      const unknown = Object.entries(remotes).filter(([name]) => !known.has(name));
      registerRemotes(unknown.map(([name, entry]) => ({ name, entry })));
      return remotes;
    })
    .catch((error: unknown) => {
      manifests = undefined;
      throw error;
    });
  return manifests;
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
        await forgetContainer(id);
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
