/** Asks before an account is removed, saying what removing one's own account does. */
import type { TAccount } from '@backoffice/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';

export function RemoveAccountModal({
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
      title={t('merchants.accounts.removeTitle')}
      cancelLabel={t('merchants.confirm.cancel')}
      confirmLabel={t('merchants.accounts.removeConfirm')}
      confirmColor="red"
      confirmIcon={<IconTrash size={16} aria-hidden />}
      busy={busy}
      onConfirm={() => {
        if (account) onConfirm(account);
      }}
      onClose={onClose}
    >
      {account &&
        t(
          account.is_self
            ? 'merchants.accounts.removeSelfQuestion'
            : 'merchants.accounts.removeQuestion',
          {
            email: account.email,
          },
        )}
    </ConfirmModal>
  );
}
