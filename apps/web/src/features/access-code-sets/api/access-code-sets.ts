/** GET/POST /access-code-sets and /access-code-sets/{id} (docs/product.md#api-calls): the sets themselves. */
import type {
  TAccessCodeSetSaveBody,
  TAccessCodeSetList,
  TAccessCodeSetResponse,
} from '@backoffice/domain';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { accessCodeSetKeys } from './access-code-set-keys';

export const accessCodeSetListOptions = (page: number) =>
  queryOptions({
    queryKey: accessCodeSetKeys.list(page),
    queryFn: ({ signal }) =>
      answer<TAccessCodeSetList>(
        api.GET('/api/access-code-sets', { params: { query: { page } }, signal }),
      ),
  });

export function useAccessCodeSets(page: number) {
  return useQuery({ ...accessCodeSetListOptions(page), placeholderData: keepPreviousData });
}

export function useAccessCodeSet(id: string | undefined) {
  return useQuery({
    queryKey: accessCodeSetKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      answer<TAccessCodeSetResponse>(
        api.GET('/api/access-code-sets/{id}', { params: { path: { id: id ?? '' } }, signal }),
      ),
    enabled: id !== undefined,
  });
}

/** Creates the set (no id) or saves it. */
export function useSaveAccessCodeSet(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAccessCodeSetSaveBody) =>
      answer<TAccessCodeSetResponse>(
        id === undefined
          ? api.POST('/api/access-code-sets', { body: input })
          : api.POST('/api/access-code-sets/{id}', { params: { path: { id } }, body: input }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(accessCodeSetKeys.detail(answer.access_code_set.id), answer);
      void queryClient.invalidateQueries({ queryKey: [...accessCodeSetKeys.all, 'list'] });
    },
  });
}
