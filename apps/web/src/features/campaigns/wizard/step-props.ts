/** What every step of the wizard receives from the wizard page. */
import type { CampaignFamily, CampaignStep, TCampaignEnvelope } from '@backoffice/domain';

export interface WizardStepProps {
  envelope: TCampaignEnvelope;
  family: CampaignFamily;
  step: CampaignStep;
  merchantLevel: number;
}
