/**
 * The app's TanStack Query client. The API client already alerts on every
 * failure, so queries do not retry (a retry would repeat the alert).
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
