/**
 * Asks before an action on one account that cannot be undone (removing it,
 * resetting its second factor): the action's title, question and red button.
 */
import type { ReactNode } from 'react';
import type { TAccount } from '@backoffice/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';

export interface AccountAction {
  title: string;
  confirmLabel: string;
  confirmIcon: ReactNode;
  /** The question about this account (its text names it). */
  question: (account: TAccount) => string;
}

export function AccountActionModal({
  action,
  account,
  opened,
  busy,
  onConfirm,
  onClose,
}: {
  action: AccountAction;
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
      title={action.title}
      cancelLabel={t('merchants.confirm.cancel')}
      confirmLabel={action.confirmLabel}
      confirmColor="red"
      confirmIcon={action.confirmIcon}
      busy={busy}
      onConfirm={() => {
        if (account) onConfirm(account);
      }}
      onClose={onClose}
    >
      {account && action.question(account)}
    </ConfirmModal>
  );
}
