import { SectionLoaderContext, type SectionLoader } from '@blog/shared/federation';
import { QueryClientProvider, type QueryClient } from '@blog/shared/query';
import { useEffect, type ReactNode } from 'react';
import { App } from './App';

/** Marks the page as live (`<html data-hydrated>`): what the browser tests, and anyone scripting the site, wait for. */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}

/** The page as both the server and the browser render it; each brings its own router around it. */
export function Root({
  reads,
  loader,
  router,
}: {
  reads: QueryClient;
  loader: SectionLoader;
  router: (app: ReactNode) => ReactNode;
}) {
  useHydratedMark();
  return (
    <QueryClientProvider client={reads}>
      <SectionLoaderContext.Provider value={loader}>{router(<App />)}</SectionLoaderContext.Provider>
    </QueryClientProvider>
  );
}
