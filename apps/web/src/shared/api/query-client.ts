/**
 * The app's TanStack Query client. The API client already alerts on every
 * failure, so queries do not retry (a retry would repeat the alert).
 * Requests are sent whatever the browser thinks of its connection
 * (`networkMode: 'always'`): with TanStack's default they were held while
 * `navigator.onLine` was false, so a save went nowhere with its button
 * spinning and a page opened offline never stopped loading; now the request
 * fails and its alert says so (docs/product.md#messages), with the input kept.
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
