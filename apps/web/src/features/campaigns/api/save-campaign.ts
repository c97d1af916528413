/**
 * POST /campaigns/{ident}: saves the wizard's content (docs/product.md#campaign-states "Wizard
 * saving"). With `validate` it is an intermediate save of one step, without
 * it a full save. The answer is the campaign's envelope with its errors.
 */
import type { CampaignStep, TCampaignContentPatch, TCampaignEnvelope } from '@backoffice/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCampaignCounts } from '../../../shared/resources/campaigns/campaign-changes';
import { answer, api, call } from '../../../shared/api/client';
import { campaignKeys } from '../../../shared/resources/campaigns/campaign-keys';
import { reloadOnConflict } from './campaign-conflict';

/**
 * 409 campaign_not_editable or campaign_changed: shown by the wizard with its
 * own text. The campaign is reloaded then, so that the wizard shows its
 * current status and edit right (a submitted campaign is no form any more).
 */
export const SAVE_REFUSAL_STATUSES = [409] as const;

export interface SaveCampaignInput {
  ident: string;
  patch: TCampaignContentPatch;
  /** The step of an intermediate save; undefined for a full save. */
  validate: CampaignStep | undefined;
  /** The version the editor's copy was loaded at: a save over someone else's change is refused. */
  version: number;
  /** What the save's alerts are about (the wizard's step): a later successful save takes them away. */
  alertScope?: string;
}

export function saveCampaign({ ident, patch, validate, version, alertScope }: SaveCampaignInput) {
  return answer<TCampaignEnvelope>(
    api.POST('/api/campaigns/{id}', {
      params: { path: { id: ident }, query: { validate } },
      body: { ...patch, version },
      ...call({ quietStatuses: SAVE_REFUSAL_STATUSES, ...(alertScope ? { alertScope } : {}) }),
    }),
  );
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: (envelope) => {
      queryClient.setQueryData(campaignKeys.detail(envelope.campaign.uuid), envelope);
      // Saving a rejected campaign reopens it: its status changes.
      void invalidateCampaignCounts(queryClient);
    },
    onError: (error, { ident }) => reloadOnConflict(queryClient, ident, error),
  });
}
