/** GET /merchants/{id}/linked-with-account: may the signed-in account act for this merchant? */
import type { TLinkedWithAccountResponse } from '@backoffice/domain';
import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { merchantKeys } from '../../../shared/resources/merchants/merchant-keys';

export function fetchLinkedWithAccount(
  merchantId: string,
  signal?: AbortSignal,
): Promise<TLinkedWithAccountResponse> {
  return answer<TLinkedWithAccountResponse>(
    api.GET('/api/merchants/{id}/linked-with-account', {
      params: { path: { id: merchantId } },
      signal,
    }),
  );
}

export const linkedWithAccountQueryOptions = (merchantId: string) =>
  queryOptions({
    queryKey: merchantKeys.linkedWithAccount(merchantId),
    queryFn: ({ signal }) => fetchLinkedWithAccount(merchantId, signal),
    // The answer decides access; never act on a stale one.
    staleTime: 0,
  });
