/** GET/POST /access-code-sets/{id}/links (docs/product.md#api-calls): the linked campaigns, saved as a whole list. */
import type { TAccessCodeSetLinks } from '@backoffice/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { accessCodeSetKeys, setPath } from './access-code-set-keys';

export function useLinkedCampaigns(id: string) {
  return useQuery({
    queryKey: accessCodeSetKeys.links(id),
    queryFn: ({ signal }) =>
      apiRequestRequired<TAccessCodeSetLinks>({ path: setPath(id, '/links'), signal }),
  });
}

export function useSaveLinks(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idents: string[]) =>
      apiRequestRequired<TAccessCodeSetLinks>({
        method: 'POST',
        path: setPath(id, '/links'),
        json: idents.map((ident) => ({ ident })),
        // Unknown and deleted campaigns are shown beside the input.
        quietStatuses: [400],
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(accessCodeSetKeys.links(id), answer);
      void queryClient.invalidateQueries({ queryKey: [...accessCodeSetKeys.all, 'list'] });
    },
  });
}
