/** Every step summarised on the review, each with a link to edit (or view) that step. */
import {
  CAMPAIGN_STEPS,
  campaignFamily,
  type CampaignStep,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { Anchor, Card, Group, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { useStepName } from '../../components/step-name';
import { StepSummary } from '../summary/step-summary';

const SUMMARISED = CAMPAIGN_STEPS.filter(
  (step): step is Exclude<CampaignStep, 'review'> => step !== 'review',
);

export function StepSummaries({
  envelope,
  merchantLevel,
}: {
  envelope: TCampaignEnvelope;
  merchantLevel: number;
}) {
  const { t } = useTranslation();
  const { campaign, merchant } = envelope;
  const family = campaignFamily(campaign.type);
  const stepName = useStepName(family);
  const params = { merchantIdent: merchant.uuid, campaignIdent: campaign.uuid };
  return SUMMARISED.map((step) => (
    <Card
      key={step}
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`summary-${step}`}
      data-testid={`summary-${step}`}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={`summary-${step}`}>
          {stepName(step)}
        </Title>
        <Anchor
          component={Link}
          to={paths.campaigns.step(params, family, step)}
          size="sm"
          aria-label={t(
            envelope.allow_edit ? 'campaigns.summary.editStep' : 'campaigns.summary.viewStep',
            { step: stepName(step) },
          )}
        >
          <Group gap={4}>
            <IconPencil size={14} aria-hidden />
            {envelope.allow_edit ? t('campaigns.summary.edit') : t('campaigns.summary.view')}
          </Group>
        </Anchor>
      </Group>
      <StepSummary envelope={envelope} step={step} merchantLevel={merchantLevel} />
    </Card>
  ));
}
