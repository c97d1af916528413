/** Asks an admin before an account's second factor is reset. */
import type { TAccount } from '@backoffice/domain';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';

export function ResetTwoFactorModal({
  account,
  opened,
  busy,
  onConfirm,
  onClose,
}: {
  /** Kept while the question fades out, so that its text stays until it is gone. */
  account: TAccount | undefined;
  opened: boolean;
  busy: boolean;
  onConfirm: (account: TAccount) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('merchants.accounts.resetTwoFactorTitle')}
      cancelLabel={t('merchants.confirm.cancel')}
      confirmLabel={t('merchants.accounts.resetTwoFactorConfirm')}
      confirmColor="red"
      confirmIcon={<IconShieldOff size={16} aria-hidden />}
      busy={busy}
      onConfirm={() => {
        if (account) onConfirm(account);
      }}
      onClose={onClose}
    >
      {account && t('merchants.accounts.resetTwoFactorQuestion', { email: account.email })}
    </ConfirmModal>
  );
}
