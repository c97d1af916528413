/** GET /merchants/{id}/linked-with-account: may the signed-in account act for this merchant? */
import type { TLinkedWithAccountResponse } from '@backoffice/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';

export function fetchLinkedWithAccount(
  merchantId: string,
  signal?: AbortSignal,
): Promise<TLinkedWithAccountResponse> {
  return apiRequestRequired<TLinkedWithAccountResponse>({
    path: `/merchants/${encodeURIComponent(merchantId)}/linked-with-account`,
    ...(signal ? { signal } : {}),
  });
}

export const linkedWithAccountQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: merchantKeys.linkedWithAccount(merchantId),
    queryFn: ({ signal }) => fetchLinkedWithAccount(merchantId, signal),
    // The answer decides access; never act on a stale one.
    staleTime: 0,
  });

export function useLinkedWithAccount(merchantId: string) {
  const { user } = useSession();
  return useQuery({ ...linkedWithAccountQueryOptions(merchantId), enabled: user !== null });
}
