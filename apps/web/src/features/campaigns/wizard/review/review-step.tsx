/**
 * The overview step (spec §2 "Campaign steps", §4): key facts, every step
 * summarised with a link to edit it, the open errors linked to their fields,
 * submit, the status history on demand, the winner draw and the follow-ups.
 */
import { canCreateFollowup, hasPrizeDraw } from '@backoffice/domain';
import { Stack } from '@mantine/core';
import { useCampaignTitle } from '../../../../shared/resources/campaigns/campaign-title';
import { Followups } from '../../components/followups';
import { WinnerDraw } from '../../components/winner-draw';
import type { WizardStepProps } from '../step-props';
import { KeyFacts } from './key-facts';
import { StatusHistoryOnDemand } from './status-history-on-demand';
import { StepSummaries } from './step-summaries';
import { SubmitPanel } from './submit-panel';

export function ReviewStep({ envelope, merchantLevel }: WizardStepProps) {
  const { campaign } = envelope;
  const titleOf = useCampaignTitle();
  return (
    <Stack gap="md">
      <KeyFacts envelope={envelope} />
      <SubmitPanel envelope={envelope} />
      <StepSummaries envelope={envelope} merchantLevel={merchantLevel} />
      <StatusHistoryOnDemand campaignIdent={campaign.uuid} />
      {hasPrizeDraw(campaign.type) && <WinnerDraw campaign={campaign} />}
      <Followups
        campaignIdent={campaign.uuid}
        title={titleOf(campaign.title)}
        canCreate={canCreateFollowup(merchantLevel)}
      />
    </Stack>
  );
}
