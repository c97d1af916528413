/**
 * An account row's actions: reset the second factor (admins, for an account
 * that signs in with two factors) and remove; each opens its question.
 */
import type { TAccount } from '@backoffice/domain';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function AccountRowActions({
  account,
  admin,
  resetting,
  onReset,
  removing,
  onRemove,
}: {
  account: TAccount;
  /** Admins reset a second factor. */
  admin: boolean;
  resetting: boolean;
  onReset: () => void;
  removing: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {admin && account.two_factor && (
        <Tooltip label={t('merchants.accounts.resetTwoFactor')}>
          <ActionIcon
            variant="subtle"
            color="orange.9"
            loading={resetting}
            aria-label={t('merchants.accounts.resetTwoFactorFor', { email: account.email })}
            aria-haspopup="dialog"
            onClick={onReset}
          >
            <IconShieldOff size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('merchants.accounts.remove')}>
        <ActionIcon
          variant="subtle"
          color="red"
          loading={removing}
          aria-label={t('merchants.accounts.removeAccount', { email: account.email })}
          aria-haspopup="dialog"
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
