/**
 * /devices, from the user menu: where the account is signed in ("Angemeldete
 * Geräte"), each device with its browser, address, sign-in and last
 * activity, the one in use marked. Another device can be signed out (after a
 * confirmation), or every other one at once; this device signs out through
 * the user menu's logout. A user of an external provider is told that the
 * provider keeps their devices.
 */
import type { TMySession } from '@backoffice/domain';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDevicesOff, IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/get-my-sessions';
import { deviceName } from '../device-name';

export function DevicesPage() {
  const { t } = useTranslation();
  const list = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [toEnd, setToEnd] = useState<TMySession | undefined>();
  const [askOthers, setAskOthers] = useState(false);
  // This device first, then the others, newest sign-in first (the server's order).
  const sessions = [...(list.data?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current),
  );
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
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="sm" aria-label={t('devices.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devices.fields.device')}</Table.Th>
                  <Table.Th>{t('devices.fields.address')}</Table.Th>
                  <Table.Th>{t('devices.fields.started')}</Table.Th>
                  <Table.Th>{t('devices.fields.lastUsed')}</Table.Th>
                  <Table.Th>{t('devices.fields.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.map((session) => {
                  const device = deviceName(t, session);
                  const started = formatDateTime(session.started);
                  return (
                    <Table.Tr
                      key={session.id}
                      data-testid="device-row"
                      data-current={session.current ? 'true' : undefined}
                    >
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm" fw={600}>
                            {device}
                          </Text>
                          {session.current && (
                            <Badge color="teal" variant="light">
                              {t('devices.values.thisDevice')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {session.address ?? (
                          <Text span size="sm" c="dimmed">
                            {t('devices.values.unknownAddress')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{started}</Table.Td>
                      <Table.Td>{formatDateTime(session.last_used)}</Table.Td>
                      <Table.Td>
                        {!session.current && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconLogout size={14} aria-hidden />}
                            aria-label={t('devices.end.named', { device, started })}
                            onClick={() => setToEnd(session)}
                          >
                            {t('devices.end.action')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
