/**
 * The red bell with its tooltip for an invalid merchant (spec §2 "Shell",
 * §8). Loaded only when the merchant is invalid, with the tooltip code it needs.
 */
import { ThemeIcon, Tooltip } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { merchantErrorText } from '../../shared/resources/merchants/merchant-error-text';

export default function InvalidMerchantBell({ errors }: { errors: readonly string[] }) {
  const { t } = useTranslation();
  const label = [
    t('shell.merchantInvalid'),
    ...errors.map((error) => merchantErrorText(t, error)),
  ].join(' – ');
  return (
    <Tooltip label={label} withArrow multiline maw={320}>
      <ThemeIcon
        color="red"
        variant="light"
        size="lg"
        role="img"
        aria-label={label}
        tabIndex={0}
        data-testid="merchant-invalid-bell"
      >
        <IconBellRinging size={18} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}
