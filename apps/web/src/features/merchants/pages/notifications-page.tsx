/** /{merchantIdent}/notifications: which mails each account receives. */
import { NOTIFICATION_EVENTS, type NotificationSettings } from '@backoffice/domain';
import { Stack, Switch, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useKeepFocus } from '../../../shared/ui/use-keep-focus';
import { useNotifications, useSaveNotifications } from '../api/notifications';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { notifyMerchantError } from '../merchant-errors';
import { useMerchantIdent } from '../use-merchant-ident';

function Notifications({ merchantIdent }: { merchantIdent: string }) {
  const { t } = useTranslation();
  const list = useNotifications(merchantIdent);
  const save = useSaveNotifications(merchantIdent);
  // The row's switches rest while one is saved: the focus comes back to the one switched.
  const tableRef = useKeepFocus<HTMLTableElement>(save.isPending);
  if (!list.data) return <QueryState query={list} />;
  const toggle = (accountId: string, settings: NotificationSettings) =>
    save.mutate(
      { accountId, settings },
      {
        onSuccess: () => notifySuccess(t('merchants.notifications.saved')),
        onError: (error) => notifyMerchantError(t, error),
      },
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table ref={tableRef} withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('merchants.accounts.email')}</Table.Th>
            {NOTIFICATION_EVENTS.map((event) => (
              <Table.Th key={event}>{t(`merchants.notifications.events.${event}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.rows.map((row) => (
            <Table.Tr key={row.account_id}>
              <Table.Td>{row.email}</Table.Td>
              {NOTIFICATION_EVENTS.map((event) => (
                <Table.Td key={event}>
                  <Switch
                    aria-label={t('merchants.notifications.switch', {
                      event: t(`merchants.notifications.events.${event}`),
                      email: row.email,
                    })}
                    checked={row.settings[event]}
                    // Each change sends the row's settings as shown: none while one is saved.
                    disabled={
                      !row.editable ||
                      (save.isPending && save.variables.accountId === row.account_id)
                    }
                    onChange={(e) =>
                      toggle(row.account_id, { ...row.settings, [event]: e.currentTarget.checked })
                    }
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const merchantIdent = useMerchantIdent();
  if (!merchantIdent) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={1100} py="md">
      <Title order={1}>{t('merchants.notifications.title')}</Title>
      <MerchantTabs merchantIdent={merchantIdent} active="notifications" />
      <Notifications key={merchantIdent} merchantIdent={merchantIdent} />
    </Stack>
  );
}

export { NotificationsPage as Component };
