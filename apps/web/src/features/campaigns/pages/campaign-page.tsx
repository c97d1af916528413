/**
 * The pages of one campaign: /{m}/campaigns/{family}/{c} and its steps
 * (docs/product.md#the-campaign-wizard). Loads the campaign, corrects a URL with the
 * wrong family or merchant, and shows the wizard: the side list of steps
 * with their marks and the current step. Tips are for admins and agencies
 * (docs/product.md#roles-and-access; the route's guard).
 */
import { campaignFamily } from '@backoffice/domain';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { useCampaign } from '../api/get-campaign';
import { CampaignLoadState } from '../components/campaign-load-state';
import { useCampaignStepRoute } from '../step-route';
import { CampaignWizard } from '../wizard/campaign-wizard';

export function CampaignPage() {
  const { merchantIdent = '', campaignIdent = '' } = useParams();
  const route = useCampaignStepRoute();
  const family = route?.campaignFamily ?? 'coupon';
  const step = route?.campaignStep ?? 'benefit';
  const query = useCampaign(campaignIdent);

  if (!query.data) {
    return <CampaignLoadState query={query} merchantIdent={merchantIdent} />;
  }

  const envelope = query.data;
  const actualFamily = campaignFamily(envelope.campaign.type);
  if (actualFamily !== family || envelope.merchant.uuid !== merchantIdent) {
    const target = paths.campaigns.step(
      { merchantIdent: envelope.merchant.uuid, campaignIdent },
      actualFamily,
      step,
    );
    return <Navigate to={target} replace />;
  }
  return <CampaignWizard envelope={envelope} family={actualFamily} step={step} />;
}

export { CampaignPage as Component };
