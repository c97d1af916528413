/** DELETE /campaigns/{id}/followups?ident=: detaches one followup; answers the remaining ones. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestRequired } from '../../../shared/api/client';
import { campaignKeys, campaignPath } from '../../../shared/resources/campaigns/campaign-keys';
import type { TFollowupsResponse } from '@backoffice/domain';

export interface UnlinkFollowupInput {
  id: string;
  followupIdent: string;
}

export function unlinkFollowup({ id, followupIdent }: UnlinkFollowupInput) {
  return apiRequestRequired<TFollowupsResponse>({
    method: 'DELETE',
    path: campaignPath(id, '/followups'),
    query: { ident: followupIdent },
  });
}

export function useUnlinkFollowup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkFollowup,
    onSuccess: (answer, { id, followupIdent }) => {
      queryClient.setQueryData(campaignKeys.followups(id), answer);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(followupIdent) });
    },
  });
}
