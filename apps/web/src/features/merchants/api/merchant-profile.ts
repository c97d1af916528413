/** GET/POST /merchants/{id}, POST /merchants and the image upload (docs/product.md#api-calls "Merchants"). */
import type {
  TLinkedWithAccountResponse,
  TMerchantDetail,
  TMerchantSaveBody,
  TMerchantSaveResponse,
} from '@backoffice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { getSession, setCurrentMerchant } from '../../../shared/session/session-store';
import { merchantKeys, merchantPath } from '../../../shared/resources/merchants/merchant-keys';
import { HANDLED_STATUSES } from './handled-statuses';
import { uploadFile } from '../../../shared/api/upload';

export const merchantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: merchantKeys.detail(id),
    queryFn: ({ signal }) =>
      answer<TMerchantDetail>(api.GET('/api/merchants/{id}', { params: { path: { id } }, signal })),
  });

export function useMerchant(id: string) {
  return useQuery(merchantQueryOptions(id));
}

/** Puts a fresh summary into the session when it is the current merchant (the shell's bell). */
export function applySummary(summary: TMerchantSaveResponse['summary']): void {
  if (getSession().merchant?.uuid === summary.uuid) setCurrentMerchant(summary);
}

/** Reloads the current merchant's summary, e.g. after account roles changed its validity. */
export async function refreshCurrentMerchant(id: string): Promise<void> {
  if (getSession().merchant?.uuid !== id) return;
  const linked = await answer<TLinkedWithAccountResponse>(
    api.GET('/api/merchants/{id}/linked-with-account', { params: { path: { id } } }),
  );
  if (linked.merchant) applySummary(linked.merchant);
}

export function useSaveMerchant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantSaveBody) =>
      answer<TMerchantSaveResponse>(
        api.POST('/api/merchants/{id}', {
          params: { path: { id } },
          body,
          ...call({ quietStatuses: HANDLED_STATUSES }),
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(merchantKeys.detail(id), answer.merchant);
      applySummary(answer.summary);
      // The selection's and the merchant list's rows show the name, brand and validity.
      void queryClient.invalidateQueries({ queryKey: merchantKeys.lists() });
    },
  });
}

export function createMerchant(body: TMerchantSaveBody): Promise<TMerchantSaveResponse> {
  return answer<TMerchantSaveResponse>(
    api.POST('/api/merchants', { body, ...call({ quietStatuses: HANDLED_STATUSES }) }),
  );
}

export function useUploadMerchantImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<TMerchantSaveResponse>(merchantPath(id, '/images'), file, {
        quietStatuses: HANDLED_STATUSES,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(merchantKeys.detail(id), answer.merchant);
      applySummary(answer.summary);
      // The selection's and the merchant list's rows show the name, brand and validity.
      void queryClient.invalidateQueries({ queryKey: merchantKeys.lists() });
    },
  });
}
