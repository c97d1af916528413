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
import { Alert, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { campaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { useStepName } from '../components/step-name';
import { StepNav } from '../components/step-nav';
import { BenefitStep } from './benefit/benefit-step';
import { ContentStep } from './content/content-step';
import { HandlingStep } from './handling/handling-step';
import { ImageStep } from './image/image-step';
import { RequiredDataStep } from './requireddata/required-data-step';
import { ReviewStep } from './review/review-step';
import { StepSummary } from './summary/step-summary';
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
  const title = campaignTitle(campaign.title, i18n.language, t);
  const Step = STEP_COMPONENTS[step];
  const stepKey = `${campaign.uuid}-${step}`;
  const editable = step === 'review' || envelope.allow_edit;
  // The step last shown as a form. When the campaign stops being editable
  // while it is open (submitted from another page, a save refused with 409),
  // the form stays with what was typed in it, read-only under its note
  // (StepForm), instead of being replaced by the summary.
  const [formShown, setFormShown] = useState<string>();
  if (editable && formShown !== stepKey) setFormShown(stepKey);
  const lockedForm = !editable && formShown === stepKey;
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
          {editable || lockedForm ? (
            <Step
              key={stepKey}
              envelope={envelope}
              family={family}
              step={step}
              merchantLevel={merchantLevel}
            />
          ) : (
            // Submitted or online: the values as a summary, not a form (spec §4).
            <Stack gap="md" data-testid="read-only-step">
              <Alert color="gray" variant="light" icon={<IconLock size={20} aria-hidden />}>
                {t('campaigns.wizard.notEditable')}
              </Alert>
              <Card withBorder radius="md" padding="md">
                <StepSummary envelope={envelope} step={step} merchantLevel={merchantLevel} />
              </Card>
            </Stack>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
