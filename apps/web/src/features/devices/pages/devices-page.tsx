/**
 * /devices, from the user menu: where the account is signed in ("Angemeldete
 * Geräte"), each device with its browser, address, sign-in and last
 * activity, the one in use marked. Another device can be signed out (after a
 * confirmation), or every other one at once; this device signs out through
 * the user menu's logout. A user of an external provider is told that the
 * provider keeps their devices.
 */
import type { TMySession } from '@backoffice/domain';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDevicesOff, IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../shared/ui/row-action';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { formatDateTime } from '../../../shared/format/date-time';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/get-my-sessions';
import { deviceName } from '../device-name';

const column = dataColumns<TMySession>();

function useDeviceColumns(onEnd: (session: TMySession) => void): DataColumn<TMySession>[] {
  const { t } = useTranslation();
  return column.columns([
    column.display({
      id: 'device',
      header: t('devices.fields.device'),
      cell: ({ row: { original: session } }) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {deviceName(t, session)}
          </Text>
          {session.current && (
            <Badge color="teal" variant="light">
              {t('devices.values.thisDevice')}
            </Badge>
          )}
        </Group>
      ),
    }),
    column.accessor('address', {
      header: t('devices.fields.address'),
      cell: ({ row }) =>
        row.original.address ?? (
          <Text span size="sm" c="dimmed">
            {t('devices.values.unknownAddress')}
          </Text>
        ),
    }),
    column.accessor((session) => formatDateTime(session.started), {
      id: 'started',
      header: t('devices.fields.started'),
    }),
    column.accessor((session) => formatDateTime(session.last_used), {
      id: 'lastUsed',
      header: t('devices.fields.lastUsed'),
    }),
    column.display({
      id: 'actions',
      header: t('devices.fields.actions'),
      cell: ({ row: { original: session } }) =>
        !session.current && (
          <RowAction
            label={t('devices.end.action')}
            named={t('devices.end.named', {
              device: deviceName(t, session),
              started: formatDateTime(session.started),
            })}
            icon={IconLogout}
            variant="subtle"
            color="red"
            onClick={() => onEnd(session)}
          />
        ),
    }),
  ]);
}

export function DevicesPage() {
  const { t } = useTranslation();
  const list = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [toEnd, setToEnd] = useState<TMySession | undefined>();
  const [askOthers, setAskOthers] = useState(false);
  // This device first, then the others, newest sign-in first (the server's order).
  const sessions = useMemo(
    () => [...(list.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current)),
    [list.data],
  );
  const columns = useDeviceColumns(setToEnd);
  const others = sessions.filter((session) => !session.current).length;

  const onEndOne = () => {
    if (!toEnd) return;
    const device = deviceName(t, toEnd);
    endOne.mutate(toEnd.id, {
      onSuccess: () => notifySuccess(t('devices.alerts.ended', { device })),
      onSettled: () => setToEnd(undefined),
    });
  };
  const onEndOthers = () => {
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        notifySuccess(
          ended > 0
            ? t('devices.alerts.endedOthers', { count: ended })
            : t('devices.alerts.noOthers'),
        ),
      onSettled: () => setAskOthers(false),
    });
  };

  const header = (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <div>
        <Title order={1}>{t('devices.title')}</Title>
        <Text c="dimmed" size="sm" maw={760}>
          {t('devices.intro')}
        </Text>
      </div>
      {list.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
    </Group>
  );

  if (!list.data) {
    return (
      <Stack gap="md" py="md">
        {header}
        <QueryState query={list} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" py="md">
      {header}
      {!list.data.managed ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} aria-hidden />}>
          {t('devices.external')}
        </Alert>
      ) : (
        <>
          <Group gap="md">
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconDevicesOff size={16} aria-hidden />}
              disabled={others === 0}
              onClick={() => setAskOthers(true)}
            >
              {t('devices.endOthers.action')}
            </Button>
            {others === 0 && (
              <Text size="sm" c="dimmed">
                {t('devices.onlyThis')}
              </Text>
            )}
          </Group>
          <DataTable
            label={t('devices.tableLabel')}
            columns={columns}
            rows={sessions}
            rowKey={(session) => session.id}
            rowAttributes={(session) => ({
              'data-testid': 'device-row',
              'data-current': session.current ? 'true' : undefined,
            })}
            minWidth={760}
          />
        </>
      )}

      <ConfirmModal
        opened={toEnd !== undefined}
        title={t('devices.end.title')}
        confirmLabel={t('devices.end.confirm')}
        cancelLabel={t('devices.end.cancel')}
        confirmColor="red.9"
        busy={endOne.isPending}
        onConfirm={onEndOne}
        onClose={() => setToEnd(undefined)}
      >
        {toEnd
          ? t('devices.end.question', {
              device: deviceName(t, toEnd),
              started: formatDateTime(toEnd.started),
            })
          : ''}
      </ConfirmModal>
      <ConfirmModal
        opened={askOthers}
        title={t('devices.endOthers.title')}
        confirmLabel={t('devices.endOthers.confirm')}
        cancelLabel={t('devices.endOthers.cancel')}
        confirmColor="red.9"
        busy={endOthers.isPending}
        onConfirm={onEndOthers}
        onClose={() => setAskOthers(false)}
      >
        {t('devices.endOthers.question', { count: others })}
      </ConfirmModal>
    </Stack>
  );
}

export { DevicesPage as Component };
