/**
 * The campaign's steps as a side list (docs/product.md#the-campaign-wizard): each with an
 * error, finished or open mark; review is grey while the campaign is
 * unfinished and green when it is finished; requireddata needs level 1
 * (it stays reachable and says that it is not available). On narrow screens
 * the steps wrap side by side above the step (step-nav.module.css).
 */
import {
  CAMPAIGN_STEPS,
  canUseRequiredDataStep,
  type CampaignFamily,
  type CampaignStep,
  type TCampaignEnvelope,
} from '@backoffice/domain';
import { NavLink } from '@mantine/core';
import { IconAlertCircle, IconCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useStepName } from './step-name';
import classes from './step-nav.module.css';

export type StepMark = 'error' | 'finished' | 'open';

export function stepMark(envelope: TCampaignEnvelope, step: CampaignStep): StepMark {
  const { errors, submitted, is_unfinished } = envelope.state;
  if (step === 'review') return is_unfinished ? 'open' : 'finished';
  // A step never saved is open, even though its empty fields break rules.
  if (!submitted[step]) return 'open';
  return errors.some((error) => error.step === step) ? 'error' : 'finished';
}

const MARK_ICON = {
  error: <IconAlertCircle size={18} color="var(--mantine-color-red-6)" aria-hidden />,
  finished: <IconCircleCheck size={18} color="var(--mantine-color-green-6)" aria-hidden />,
  open: <IconCircle size={18} color="var(--mantine-color-gray-5)" aria-hidden />,
};

export interface StepNavProps {
  envelope: TCampaignEnvelope;
  family: CampaignFamily;
  current: CampaignStep;
  merchantLevel: number;
}

export function StepNav({ envelope, family, current, merchantLevel }: StepNavProps) {
  const { t } = useTranslation();
  const stepName = useStepName(family);
  const params = { merchantIdent: envelope.merchant.uuid, campaignIdent: envelope.campaign.uuid };
  return (
    <nav aria-label={t('campaigns.overview.stepsLabel')} className={classes.nav}>
      {CAMPAIGN_STEPS.map((step) => {
        const mark = stepMark(envelope, step);
        const unavailable = step === 'requireddata' && !canUseRequiredDataStep(merchantLevel);
        return (
          <NavLink
            key={step}
            component={Link}
            to={paths.campaigns.step(params, family, step)}
            label={stepName(step)}
            description={
              unavailable
                ? t('campaigns.overview.stepNotAvailable')
                : t(`campaigns.stepMarks.${mark}`)
            }
            leftSection={MARK_ICON[mark]}
            active={step === current}
            aria-current={step === current ? 'page' : undefined}
            data-unavailable={unavailable || undefined}
            data-mark={mark}
            classNames={{ root: classes.link, description: classes.description }}
          />
        );
      })}
    </nav>
  );
}
