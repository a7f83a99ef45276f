import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime-core';

/**
 * Whether the page already has the file at `url`: a stylesheet the server wrote into it
 * (`<style data-href>`) or linked, or a script it asked for (preloaded or run).
 */
function inPage(url: string): boolean {
  const value = CSS.escape(url);
  return document.querySelector(`style[data-href="${value}"], link[href="${value}"], script[src="${value}"]`) !== null;
}

/**
 * The shell's runtime plugin that keeps Module Federation from fetching again what the page has.
 * When a section loads, the runtime fetches its module's stylesheets and scripts beside its
 * container, unawaited; for a section the server rendered these are already in the page (its
 * stylesheets written in, its scripts preloaded), so each would be a second request that a
 * navigation then cuts off. A section the page does not have yet is still fetched in parallel.
 */
export default function pageAssets(): ModuleFederationRuntimePlugin {
  return {
    name: 'blog-page-assets',
    beforePreloadRemote(args) {
      for (const preload of args.preloadOps) preload.filter = (url) => !inPage(url);
    },
  };
}
