import { SERVER_STATE_ID, createQueryClient, type ServerState } from '@blog/shared';
import { browserSectionLoader, loadRemoteModule, pinRemotes } from '@blog/shared/federation';
import { hydrate } from '@blog/shared/query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@blog/shared/router';
import '@blog/shared/styles/theme.css';
import { Root } from './Root';

function serverState(): ServerState | undefined {
  const script = document.getElementById(SERVER_STATE_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as ServerState) : undefined;
}

async function start() {
  const state = serverState();
  const reads = createQueryClient(state ? { hydratedAt: Date.now() } : {});
  const container = document.getElementById('root') as HTMLElement;
  const page = (failed: string[] = []) => (
    <StrictMode>
      <Root
        reads={reads}
        loader={{ ...browserSectionLoader, failedOnServer: (id) => failed.includes(id) }}
        router={(app) => <BrowserRouter>{app}</BrowserRouter>}
      />
    </StrictMode>
  );
  // `pnpm dev` serves the page without a server render: the browser renders all of it.
  if (!state) {
    createRoot(container).render(page());
    return;
  }
  hydrate(reads, state.reads);
  pinRemotes(state.remotes);
  // The sections the server rendered are loaded first, so they hydrate at once; one that fails
  // here stays as the server rendered it until its boundary shows the fallback.
  await Promise.all(state.modules.map((id) => loadRemoteModule(id).catch(() => undefined)));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is live: the page stays responsive while it wakes up.
  startTransition(() => {
    hydrateRoot(container, page(state.failed));
  });
}

void start();
