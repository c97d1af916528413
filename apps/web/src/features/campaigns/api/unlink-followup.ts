/** DELETE /campaigns/{id}/followups?ident=: detaches one followup; answers the remaining ones. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import type { TFollowupsResponse } from '@backoffice/domain';

export interface UnlinkFollowupInput {
  id: string;
  followupIdent: string;
}

export function unlinkFollowup({ id, followupIdent }: UnlinkFollowupInput) {
  return answer<TFollowupsResponse>(
    api.DELETE('/api/campaigns/{id}/followups', {
      params: { path: { id }, query: { ident: followupIdent } },
    }),
  );
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
