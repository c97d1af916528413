/**
 * GET {apiUrl}/ac/site-search?q=: campaigns and merchants matching a text
 * (docs/product.md#api-calls "Tags and search").
 */
import type { TSiteSearchHit, TSiteSearchResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error';
import { answer, api, call } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

/** Texts shorter than this are not searched. */
export const MIN_QUERY_LENGTH = 2;

export const siteSearchKeys = {
  all: ['site-search'] as const,
  query: (q: string) => [...siteSearchKeys.all, q] as const,
};

export async function fetchSiteSearch(q: string, signal?: AbortSignal): Promise<TSiteSearchHit[]> {
  try {
    const found = await answer<TSiteSearchResponse>(
      api.GET('/api/ac/site-search', {
        params: { query: { q } },
        signal,
        ...call({ quietStatuses: [404] }),
      }),
    );
    return found.hits;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const siteSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: siteSearchKeys.query(q),
    queryFn: ({ signal }) => fetchSiteSearch(q, signal),
  });

export function useSiteSearch(q: string) {
  const { user } = useSession();
  return useQuery({
    ...siteSearchQueryOptions(q),
    enabled: user !== null && q.length >= MIN_QUERY_LENGTH,
  });
}
