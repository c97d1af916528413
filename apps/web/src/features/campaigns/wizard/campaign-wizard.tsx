/**
 * The campaign wizard (spec §2 "Campaign steps"): the steps in a side list
 * with error, finished and open marks, and the current step under its
 * displayed name. Each step keeps its own draft; moving to another step
 * starts from what is stored.
 */
import {
  effectiveMerchantLevel,
  type CampaignFamily,
  type CampaignStep,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { localisedText } from '../../../shared/format/localised-text';
import { useStepName } from '../components/step-name';
import { StepNav } from '../components/step-nav';
import { BenefitStep } from './benefit/benefit-step';
import { ContentStep } from './content/content-step';
import { HandlingStep } from './handling/handling-step';
import { ImageStep } from './image/image-step';
import { RequiredDataStep } from './requireddata/required-data-step';
import { ReviewStep } from './review/review-step';
import type { WizardStepProps } from './step-props';

const STEP_COMPONENTS: Record<CampaignStep, ComponentType<WizardStepProps>> = {
  benefit: BenefitStep,
  content: ContentStep,
  image: ImageStep,
  handling: HandlingStep,
  requireddata: RequiredDataStep,
  review: ReviewStep,
};

export interface CampaignWizardProps {
  envelope: TCampaignEnvelope;
  family: CampaignFamily;
  step: CampaignStep;
}

export function CampaignWizard({ envelope, family, step }: CampaignWizardProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const stepName = useStepName(family);
  const { campaign, merchant } = envelope;
  const merchantLevel = effectiveMerchantLevel(user?.level ?? 'other', merchant.level);
  const title = localisedText(campaign.title, i18n.language) || t('campaigns.values.untitled');
  const Step = STEP_COMPONENTS[step];
  return (
    <Grid gap="lg" py="md">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder radius="md" padding="xs" pos="sticky" top={72}>
          <StepNav
            envelope={envelope}
            family={family}
            current={step}
            merchantLevel={merchantLevel}
          />
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <div>
            <Title order={1}>{stepName(step)}</Title>
            <Group gap="xs">
              <Text c="dimmed" data-testid="campaign-title">
                {title}
              </Text>
              <Text c="dimmed" size="xs" ff="monospace">
                {t('campaigns.header.idLabel')}{' '}
                <span data-testid="campaign-id">{campaign.uuid}</span>
              </Text>
            </Group>
          </div>
          <Step
            key={`${campaign.uuid}-${step}`}
            envelope={envelope}
            family={family}
            step={step}
            merchantLevel={merchantLevel}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
