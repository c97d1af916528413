/** GET/POST /merchants/{id}, POST /merchants and the image upload (spec §7 "Merchants"). */
import type {
  TLinkedWithAccountResponse,
  TMerchantDetail,
  TMerchantSaveBody,
  TMerchantSaveResponse,
} from '@backoffice/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { getSession, setCurrentMerchant } from '../../../shared/session/session-store';
import { merchantKeys, merchantPath } from '../../../shared/resources/merchants/merchant-keys';
import { HANDLED_STATUSES } from './handled-statuses';
import { uploadFile } from '../../../shared/api/upload';

export const merchantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: merchantKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequestRequired<TMerchantDetail>({ path: merchantPath(id), signal }),
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
  const answer = await apiRequestRequired<TLinkedWithAccountResponse>({
    path: merchantPath(id, '/linked-with-account'),
  });
  if (answer.merchant) applySummary(answer.merchant);
}

export function useSaveMerchant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TMerchantSaveBody) =>
      apiRequestRequired<TMerchantSaveResponse>({
        method: 'POST',
        path: merchantPath(id),
        json: body,
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

export function createMerchant(body: TMerchantSaveBody): Promise<TMerchantSaveResponse> {
  return apiRequestRequired<TMerchantSaveResponse>({
    method: 'POST',
    path: '/merchants',
    json: body,
    quietStatuses: HANDLED_STATUSES,
  });
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
