/**
 * The phase badge (docs/product.md#campaign-states "Phase colours"): green, light red, red, yellow or
 * grey-blue by phase and status; nothing for deleted or rejected campaigns.
 */
import {
  phaseColour,
  type CampaignPhase,
  type CampaignStatus,
  type PhaseColour,
} from '@backoffice/domain';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const BADGE_STYLE: Record<PhaseColour, Pick<BadgeProps, 'color' | 'variant'>> = {
  green: { color: 'green', variant: 'filled' },
  'light-red': { color: 'red', variant: 'light' },
  red: { color: 'red', variant: 'filled' },
  yellow: { color: 'yellow', variant: 'filled' },
  // Mantine has no blue-grey; this is Material's blue-grey 500.
  'grey-blue': { color: '#607d8b', variant: 'filled' },
};

export interface PhaseBadgeProps {
  phase: CampaignPhase | null;
  status: CampaignStatus;
  size?: BadgeProps['size'];
}

export function PhaseBadge({ phase, status, size }: PhaseBadgeProps) {
  const { t } = useTranslation();
  if (!phase) return null;
  const colour = phaseColour(phase, status);
  if (!colour) return null;
  return (
    <Badge
      {...BADGE_STYLE[colour]}
      {...(size ? { size } : {})}
      data-phase={phase}
      data-colour={colour}
      data-testid="phase"
    >
      {t(`campaigns.phases.${phase}`)}
    </Badge>
  );
}
