import type { RemoteManifests, RemoteModuleId } from '@blog/shared/federation';
import type { DehydratedState } from '@blog/shared/query';

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
