import type { ReactElement, ReactNode } from 'react';
import type { RemoteManifests, RemoteModuleId, SectionLoader } from '../federation/contract';
import type { DehydratedState, QueryClient } from '../query';

// The contract between the shell's server entry, loaded at run time from the shell's server build,
// and the render server that renders pages with it: two programs, built and released apart.

/** What the server hands the browser with a rendered page, so that hydration starts where it ended. */
export interface ServerState {
  /** The reads the page was rendered from. */
  reads: DehydratedState;
  /** The sections' modules it rendered: the browser loads them before hydrating. */
  modules: RemoteModuleId[];
  /** The sections it could not load or render: rendered as their fallback. */
  failed: RemoteModuleId[];
  /** Where each section's release the page was rendered with is: the browser loads those for the whole visit. */
  remotes: RemoteManifests;
}

/** The id of the `<script type="application/json">` that carries it. */
export const SERVER_STATE_ID = 'blog-server-state';

/** The state as JSON safe inside a `<script>`: no `</script>` or `<!--` can end or alter it. */
export const serializeState = (state: ServerState) => JSON.stringify(state).replace(/</g, '\\u003c');

/** What the shell's server entry exposes (`shell/src/exposes/server.ts`, its container's `./server`). */
export interface ShellServerEntry {
  /** The page as both the server and the browser render it; each brings its own router around it. */
  Root: (props: { reads: QueryClient; loader: SectionLoader; router: (app: ReactNode) => ReactNode }) => ReactElement;
  /** What the footer shows on every page, loaded with the page's own reads. */
  loadFooter: (reads: QueryClient) => Promise<unknown>;
}

/** The shell's container, in the browser and in its server build, as it names itself in `apps.json`. */
export const SHELL_CONTAINER = 'shell';

/** The module the shell's server build exposes its server entry as. */
export const SHELL_SERVER_MODULE = `${SHELL_CONTAINER}/server`;
