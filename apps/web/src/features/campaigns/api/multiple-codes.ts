/**
 * A campaign's multiple codes (docs/product.md#api-calls): the counts and a page of codes, the
 * upload with its progress, the generator, the CSV download. A change of the
 * codes reloads the campaign too: its prize errors depend on them.
 */
import type {
  TCodeGenerateOptions,
  TCodeImportResponse,
  TCodeListResponse,
} from '@backoffice/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { uploadFile } from '../../../shared/api/upload';
import { downloadText, withBom } from '../../../shared/csv';
import { useSession } from '../../../shared/session/session-store';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';

/** Refusals the codes section explains beside itself (what was skipped, invalid lines). */
export const CODE_REFUSAL_STATUSES = [400] as const;

export const codeKeys = {
  all: (id: string) => [...campaignKeys.detail(id), 'codes'] as const,
  page: (id: string, page: number) => [...codeKeys.all(id), page] as const,
};

export function useCodeList(id: string, page: number, enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: codeKeys.page(id, page),
    queryFn: ({ signal }) =>
      answer<TCodeListResponse>(
        api.GET('/api/campaigns/{id}/multiple-codes', {
          params: { path: { id }, query: { page } },
          signal,
        }),
      ),
    enabled: enabled && user !== null,
    placeholderData: keepPreviousData,
  });
}

function useCodesChanged(id: string) {
  const queryClient = useQueryClient();
  // The campaign (its prize errors) and every page of codes.
  return () => queryClient.invalidateQueries({ queryKey: campaignKeys.detail(id) });
}

export function useUploadCodes(id: string, onProgress: (fraction: number) => void) {
  const changed = useCodesChanged(id);
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<TCodeImportResponse>(campaignPath(id, '/multiple-codes/upload'), file, {
        quietStatuses: CODE_REFUSAL_STATUSES,
        onProgress,
      }),
    onSettled: changed,
  });
}

export function useGenerateCodes(id: string) {
  const changed = useCodesChanged(id);
  return useMutation({
    mutationFn: (generate: TCodeGenerateOptions) =>
      answer<TCodeImportResponse>(
        api.POST('/api/campaigns/{id}/multiple-codes', {
          params: { path: { id } },
          body: { generate },
          ...call({ timeoutMs: 60_000 }),
        }),
      ),
    onSettled: changed,
  });
}

/** Saves the campaign's codes as a CSV file. */
export async function downloadCodes(id: string): Promise<void> {
  const csv = await answer(
    api.GET('/api/campaigns/{id}/multiple-codes/download', {
      params: { path: { id } },
      parseAs: 'text',
      ...call({ timeoutMs: 60_000 }),
    }),
  );
  // Reading the answer as text drops its BOM; spreadsheet programs need it to read UTF-8.
  downloadText(withBom(csv), `codes-${id}.csv`);
}
