import { SectionLoaderContext, type SectionLoader } from '@blog/shared/federation';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { App } from './App';

/** The page as both the server and the browser render it; each brings its own router around it. */
export function Root({ reads, loader, router }: { reads: QueryClient; loader: SectionLoader; router: (app: ReactNode) => ReactNode }) {
  return (
    <QueryClientProvider client={reads}>
      <SectionLoaderContext.Provider value={loader}>{router(<App />)}</SectionLoaderContext.Provider>
    </QueryClientProvider>
  );
}
