import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../queries';

/**
 * The page's reads for a component test, as the shell provides them (`@blog/shared/testing/reads`):
 * a fresh cache per test unless one is given, e.g. seeded with `client.setQueryData(query.queryKey, …)`
 * the way the server's reads arrive in the page.
 */
export function TestReads({ children, client = createQueryClient() }: { children: ReactNode; client?: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
