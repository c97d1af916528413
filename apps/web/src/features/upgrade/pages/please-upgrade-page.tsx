/**
 * /please-upgrade (docs/product.md#roles-and-access): why the page the user wanted is closed. For a
 * merchant level: the current level, what the next level unlocks (by the
 * domain's rules) and the merchant's screens the user may use now, so the
 * notice is no dead end. For a page reserved for admins (or
 * agencies), `?for=` says so instead of offering an upgrade no level brings.
 */
import {
  accountLimit,
  effectiveMerchantLevel,
  featuresUnlocked,
  MERCHANT_SCREENS,
  nextMerchantLevel,
  type MerchantScreen,
} from '@backoffice/domain';
import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconApi,
  IconBuildingStore,
  IconCheck,
  IconMapPin,
  IconSpeakerphone,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ReservedFor } from '../../../shared/paths';
import { useMerchantScreens } from '../../../shared/session/merchant-screens';
import { useSession } from '../../../shared/session/session-store';
import { LockedNotice } from '../../../shared/ui/locked-notice';
import {
  merchantLevelLabel,
  merchantLevelLabelWithNumber,
} from '../../../shared/resources/merchants/merchant-level';

const SCREEN_ICONS: Record<MerchantScreen, ReactNode> = {
  profile: <IconBuildingStore size={16} aria-hidden />,
  accounts: <IconUsers size={16} aria-hidden />,
  locations: <IconMapPin size={16} aria-hidden />,
  notifications: <IconBell size={16} aria-hidden />,
  webhooks: <IconWebhook size={16} aria-hidden />,
  apiTokens: <IconApi size={16} aria-hidden />,
  campaigns: <IconSpeakerphone size={16} aria-hidden />,
};

function reservedForOf(value: string | null): ReservedFor | undefined {
  return value === 'admin' || value === 'agency' ? value : undefined;
}

/** The acting merchant's screens that open now, as links. */
function AvailableScreens() {
  const { t } = useTranslation();
  const titleId = useId();
  const available = useMerchantScreens(MERCHANT_SCREENS).links.filter(
    (link) => link.access === 'open',
  );
  if (available.length === 0) return null;
  return (
    <Stack gap="xs" component="nav" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('upgrade.availableTitle')}
      </Title>
      <Group gap="xs">
        {available.map(({ screen, to }) => (
          <Button
            key={screen}
            component={Link}
            to={to}
            variant="default"
            leftSection={SCREEN_ICONS[screen]}
          >
            {t(`nav.merchantScreens.${screen}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** What the next merchant level unlocks for this user; nothing at the top level. */
function Unlocks({ level }: { level: number }) {
  const { t } = useTranslation();
  const { searchType } = useSession();
  const titleId = useId();
  const next = nextMerchantLevel(level);
  const features =
    next === undefined || !searchType ? [] : featuresUnlocked(level, next, searchType);
  if (next === undefined || features.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('upgrade.unlocksTitle', { level: merchantLevelLabel(t, next) })}
        </Title>
        <List
          aria-labelledby={titleId}
          spacing="xs"
          center
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {features.map((feature) => (
            <List.Item key={feature}>
              {t(`upgrade.unlocks.${feature}`, { limit: accountLimit(level) })}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

export function PleaseUpgradePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { user, merchant } = useSession();
  const reservedFor = reservedForOf(params.get('for'));

  if (reservedFor) {
    return (
      <LockedNotice title={t(`upgrade.reserved.${reservedFor}.title`)} below={<AvailableScreens />}>
        <Text>{t(`upgrade.reserved.${reservedFor}.text`)}</Text>
      </LockedNotice>
    );
  }

  const level = effectiveMerchantLevel(user?.level ?? 'other', merchant?.level);
  return (
    <LockedNotice
      title={t('upgrade.title')}
      below={
        <>
          <Unlocks level={level} />
          <AvailableScreens />
        </>
      }
    >
      <Text fw={600} data-testid="current-level">
        {t('upgrade.currentLevel', { level: merchantLevelLabelWithNumber(t, level) })}
      </Text>
      <Text size="sm">{t('upgrade.text')}</Text>
    </LockedNotice>
  );
}

export { PleaseUpgradePage as Component };
