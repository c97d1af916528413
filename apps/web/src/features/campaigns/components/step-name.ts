/** The displayed step names (docs/product.md#the-campaign-wizard): prize for sweepstakes, tags for tips. */
import type { CampaignFamily, CampaignStep } from '@backoffice/domain';
import { useTranslation } from 'react-i18next';

export function useStepName(family: CampaignFamily): (step: CampaignStep) => string {
  const { t } = useTranslation();
  return (step) => {
    if (step === 'benefit' && family === 'sweepstake')
      return t('campaigns.steps.benefitSweepstake');
    if (step === 'content' && family === 'tip') return t('campaigns.steps.contentTip');
    return t(`campaigns.steps.${step}`);
  };
}
