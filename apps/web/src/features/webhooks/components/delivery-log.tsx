/**
 * An endpoint's delivery log (docs/product.md#webhooks), newest first, paged
 * in the URL: time, event, status, attempts, the receiver's answer, the
 * duration, the error of an attempt without answer (in words) and the next
 * attempt; per row the message's content and "Erneut senden". While a
 * delivery waits, the log is asked again every few seconds (the deliveries
 * run in the background).
 */
import type { TWebhookDelivery } from '@backoffice/domain';
import { Badge, Code, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { notifySuccess } from '../../../shared/ui/notify';
import { RowAction } from '../../../shared/ui/row-action';
import { useUrlPaging } from '../../../shared/ui/use-url-paging';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { DELIVERY_STATUS_COLOURS, deliveryErrorText, eventLabel } from '../webhook-labels';

const column = dataColumns<TWebhookDelivery>();

/** The payload as sent, indented for reading (as it came when it is no JSON). */
function readable(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

interface DeliveryColumnsOptions {
  t: TFunction;
  resendingOf: (delivery: TWebhookDelivery) => boolean;
  onResend: (delivery: TWebhookDelivery) => void;
  onShow: (delivery: TWebhookDelivery) => void;
}

function deliveryColumns({
  t,
  resendingOf,
  onResend,
  onShow,
}: DeliveryColumnsOptions): DataColumn<TWebhookDelivery>[] {
  return column.columns([
    column.accessor((delivery) => formatDateTime(delivery.created), {
      id: 'time',
      header: t('webhooks.log.fields.time'),
    }),
    column.accessor((delivery) => eventLabel(t, delivery.event), {
      id: 'event',
      header: t('webhooks.log.fields.event'),
    }),
    column.accessor('status', {
      header: t('webhooks.log.fields.status'),
      cell: ({ row: { original: delivery } }) => (
        <Badge color={DELIVERY_STATUS_COLOURS[delivery.status]} variant="light">
          {t(`webhooks.log.status.${delivery.status}`)}
        </Badge>
      ),
    }),
    column.accessor('attempts', {
      header: t('webhooks.log.fields.attempts'),
      meta: { align: 'right' },
    }),
    column.accessor((delivery) => delivery.response_status ?? '', {
      id: 'response',
      header: t('webhooks.log.fields.response'),
      meta: { align: 'right' },
    }),
    column.accessor((delivery) => delivery.duration_ms ?? '', {
      id: 'duration',
      header: t('webhooks.log.fields.duration'),
      meta: { align: 'right' },
    }),
    column.accessor((delivery) => deliveryErrorText(t, delivery.error), {
      id: 'error',
      header: t('webhooks.log.fields.error'),
    }),
    column.accessor((delivery) => formatDateTime(delivery.next_attempt), {
      id: 'nextAttempt',
      header: t('webhooks.log.fields.nextAttempt'),
    }),
    column.display({
      id: 'actions',
      header: t('webhooks.log.fields.actions'),
      cell: ({ row: { original: delivery } }) => {
        const time = formatDateTime(delivery.created);
        return (
          <Stack gap={2} align="flex-start">
            <RowAction
              label={t('webhooks.log.payload')}
              named={t('webhooks.log.payloadNamed', { time })}
              icon={IconFileText}
              variant="subtle"
              asks
              onClick={() => onShow(delivery)}
            />
            <RowAction
              label={t('webhooks.log.resend')}
              named={t('webhooks.log.resendNamed', { time })}
              icon={IconSend}
              variant="subtle"
              loading={resendingOf(delivery)}
              onClick={() => onResend(delivery)}
            />
          </Stack>
        );
      },
    }),
  ]);
}

export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const { page, setPage } = useUrlPaging();
  const log = useWebhookDeliveries(endpointId, page);
  const resend = useResendWebhookDelivery(endpointId);
  const [shown, setShown] = useState<TWebhookDelivery | undefined>();
  const pending = log.data?.deliveries.some((delivery) => delivery.status === 'pending') ?? false;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('webhooks.log.title')}
        </Title>
        {pending && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm" c="dimmed">
              {t('webhooks.log.polling')}
            </Text>
          </Group>
        )}
      </Group>
      <DataTable
        label={t('webhooks.log.tableLabel')}
        columns={deliveryColumns({
          t,
          resendingOf: (delivery) => resend.isPending && resend.variables === delivery.id,
          onResend: (delivery) =>
            resend.mutate(delivery.id, {
              onSuccess: () => notifySuccess(t('webhooks.detail.resent')),
            }),
          onShow: setShown,
        })}
        rows={log.data?.deliveries}
        rowKey={(delivery) => delivery.id}
        rowAttributes={(delivery) => ({
          'data-testid': 'delivery-row',
          'data-key': delivery.id,
          'data-status': delivery.status,
        })}
        query={log}
        emptyText={t('webhooks.log.empty')}
        withTableBorder
        minWidth={960}
        paging={{ pager: log.data?.pager, page, onPage: setPage }}
      />
      <Modal
        opened={shown !== undefined}
        onClose={() => setShown(undefined)}
        size="xl"
        title={t('webhooks.log.payloadTitle', { event: shown?.event ?? '' })}
        closeButtonProps={{ 'aria-label': t('webhooks.log.close') }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('webhooks.log.messageId', { id: shown?.id ?? '' })}
          </Text>
          <Code block data-testid="delivery-payload">
            {shown ? readable(shown.payload) : ''}
          </Code>
        </Stack>
      </Modal>
    </Stack>
  );
}
