/** GET/POST /access-code-sets/{id}/links (docs/product.md#api-calls): the linked campaigns, saved as a whole list. */
import type { TAccessCodeSetLinks } from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, call } from '../../../shared/api/client';
import { accessCodeSetKeys } from './access-code-set-keys';

export function useLinkedCampaigns(id: string) {
  return useQuery({
    queryKey: accessCodeSetKeys.links(id),
    queryFn: ({ signal }) =>
      answer<TAccessCodeSetLinks>(
        api.GET('/api/access-code-sets/{id}/links', { params: { path: { id } }, signal }),
      ),
  });
}

export function useSaveLinks(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idents: string[]) =>
      answer<TAccessCodeSetLinks>(
        api.POST('/api/access-code-sets/{id}/links', {
          params: { path: { id } },
          body: idents.map((ident) => ({ ident })),
          // Unknown and deleted campaigns are shown beside the input.
          ...call({ quietStatuses: [400] }),
        }),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(accessCodeSetKeys.links(id), answer);
      void queryClient.invalidateQueries({ queryKey: [...accessCodeSetKeys.all, 'list'] });
    },
  });
}
