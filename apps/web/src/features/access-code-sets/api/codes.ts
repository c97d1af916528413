/** GET/POST /access-code-sets/{id}/codes and the upload of a long list (docs/product.md#api-calls). */
import type { TAccessCodesImportResponse } from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { UPLOAD_TIMEOUT_MS, uploadFile } from '../../../shared/api/upload';
import { accessCodeSetKeys, setPath } from './access-code-set-keys';

export function useCodeStats(id: string) {
  return useQuery({
    queryKey: accessCodeSetKeys.codes(id),
    queryFn: ({ signal }) =>
      answer(api.GET('/api/access-code-sets/{id}/codes', { params: { path: { id } }, signal })),
  });
}

/** Pasted codes (text, one per line) or an uploaded file of them. */
export type CodeImport = { text: string } | { file: File };

export function useImportCodes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CodeImport) =>
      'file' in input
        ? uploadFile<TAccessCodesImportResponse>(setPath(id, '/codes/upload'), input.file)
        : answer<TAccessCodesImportResponse>(
            api.POST('/api/access-code-sets/{id}/codes', {
              params: { path: { id } },
              body: { codes: input.text },
              // 100,000 codes take longer than the 5000 ms of the other calls.
              ...call({ timeoutMs: UPLOAD_TIMEOUT_MS }),
            }),
          ),
    onSuccess: (answer) => {
      queryClient.setQueryData(accessCodeSetKeys.codes(id), { codes: answer.codes });
      void queryClient.invalidateQueries({ queryKey: accessCodeSetKeys.all });
    },
  });
}
