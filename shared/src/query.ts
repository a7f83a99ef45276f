// The part of TanStack Query the site uses: every app imports it from here, and this module, not
// the package, is the shared singleton (@blog/webpack-config), so a page downloads only this part.
export {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  hydrate,
  isServer,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type { DehydratedState, QueryKey, UseQueryOptions } from '@tanstack/react-query';
