import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { SHELL_CONTAINER, SHELL_SERVER_MODULE, type ShellServerEntry } from '@blog/shared';
import { serverEntryOf } from '@blog/release';
import {
  loadRemote,
  registerPlugins,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { withTimeout } from '../timeout';

/**
 * A container on this machine (`file:`), run as Node runs a CommonJS module, from its own folder:
 * its chunks are read from beside it (`@module-federation/node`'s chunk loading), as a section's
 * are fetched from beside its remote entry. Module Federation's Node loader fetches over HTTP only.
 */
async function runLocalContainer(entry: string, name: string): Promise<unknown> {
  const file = fileURLToPath(entry);
  const code = await readFile(file, 'utf8');
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const run = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
    filename: file,
  }).runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, module, createRequire(file), path.dirname(file), file);
  // A server build's container is exported by its name (`commonjs-module`, as `@blog/webpack-config` builds it).
  return module.exports[name];
}

const localContainers: ModuleFederationRuntimePlugin = {
  name: 'blog-local-containers',
  loadEntry: ({ remoteInfo }) =>
    remoteInfo.entry.startsWith('file:') ? (runLocalContainer(remoteInfo.entry, remoteInfo.name) as never) : undefined,
};
let localContainersRegistered = false;

/** Where the server build of the shell's build in `dist` is, addressed by its content: another build is another entry. */
export async function shellEntryOf(dist: string): Promise<string> {
  const entry = serverEntryOf(pathToFileURL(`${path.resolve(dist)}${path.sep}`).href);
  const code = await readFile(fileURLToPath(entry)).catch((error: Error) => {
    throw new Error(`The shell's build in ${dist} has no server build (server/remoteEntry.js): ${error.message}`);
  });
  return `${entry}?v=${createHash('sha256').update(code).digest('hex').slice(0, 12)}`;
}

/**
 * The shell's server entry from its server build at `entry` (`shellEntryOf`), loaded at run time as
 * the sections' are: it shares React, the router and the reads' cache with this host and with them.
 */
export async function loadShell(entry: string, timeoutMs: number): Promise<ShellServerEntry> {
  if (!localContainersRegistered) {
    registerPlugins([localContainers]);
    localContainersRegistered = true;
  }
  registerRemotes([{ name: SHELL_CONTAINER, entry }], { force: true });
  const loaded = await withTimeout(
    loadRemote<{ default?: ShellServerEntry }>(SHELL_SERVER_MODULE),
    timeoutMs,
    `Loading the shell's server entry from ${entry}`,
  );
  if (!loaded?.default?.Root) throw new Error(`${entry} exposes no shell server entry (${SHELL_SERVER_MODULE})`);
  return loaded.default;
}
