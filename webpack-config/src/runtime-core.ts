import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';

/**
 * Where a section's browser build finds Module Federation's runtime core: sections are built without
 * it (`experiments.externalRuntime`) and run on the page's one copy, set here. On the site the shell
 * runs this file as a runtime plugin, before any section's script is requested; a section's own
 * page runs it as the script before its entry (`RUNTIME_CORE_FILE`).
 */
(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;

export default function runtimeCoreProvider(): ModuleFederationRuntimePlugin {
  return { name: 'blog-runtime-core-provider' };
}
