/**
 * One wizard step's values as a readable summary: on the review step for
 * every step, and in place of a step's form once the campaign can no longer
 * be edited (submitted or online, docs/product.md#campaign-states).
 */
import type { CampaignStep, TCampaignEnvelope } from '@backoffice/domain';
import { BenefitSummary } from './benefit-summary';
import { ContentSummary } from './content-summary';
import { HandlingSummary } from './handling-summary';
import { ImageSummary } from './image-summary';
import { RequiredDataSummary } from './required-data-summary';

export interface StepSummaryProps {
  envelope: TCampaignEnvelope;
  step: Exclude<CampaignStep, 'review'>;
  merchantLevel: number;
}

export function StepSummary({ envelope, step, merchantLevel }: StepSummaryProps) {
  const { campaign } = envelope;
  switch (step) {
    case 'benefit':
      return <BenefitSummary campaign={campaign} />;
    case 'content':
      return <ContentSummary campaign={campaign} />;
    case 'image':
      return <ImageSummary campaign={campaign} />;
    case 'handling':
      return <HandlingSummary envelope={envelope} />;
    case 'requireddata':
      return <RequiredDataSummary campaign={campaign} merchantLevel={merchantLevel} />;
  }
}
