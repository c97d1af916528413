/**
 * The endpoints of an owner (a merchant, or the admins) in the shared
 * table: URL, description, events, state and the actions; "Webhook
 * hinzufügen" opens the dialog, whose new endpoint's secret is shown once.
 */
import type { TWebhookEndpoint } from '@backoffice/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconArrowRight, IconPencil, IconPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { RowAction } from '../../../shared/ui/row-action';
import { useWebhooks } from '../api/get-webhooks';
import type { WebhookOwner } from '../api/webhook-keys';
import { endpointName } from '../webhook-labels';
import { EndpointState } from './endpoint-state';
import { EventBadges } from './event-badges';
import { WebhookFormModal } from './webhook-form-modal';
import { WebhookSecretModal } from './webhook-secret-modal';

const column = dataColumns<TWebhookEndpoint>();

function webhookColumns(
  t: TFunction,
  detailPath: (id: string) => string,
  onEdit: (endpoint: TWebhookEndpoint) => void,
): DataColumn<TWebhookEndpoint>[] {
  return column.columns([
    column.accessor('url', {
      header: t('webhooks.fields.url'),
      cell: ({ row: { original: endpoint } }) => (
        <Text
          component={Link}
          to={detailPath(endpoint.id)}
          size="sm"
          c="blue.8"
          miw={200}
          display="block"
          style={{ overflowWrap: 'anywhere' }}
        >
          {endpoint.url}
        </Text>
      ),
    }),
    column.accessor('description', { header: t('webhooks.fields.description') }),
    column.display({
      id: 'events',
      header: t('webhooks.fields.events'),
      cell: ({ row: { original: endpoint } }) => <EventBadges events={endpoint.events} />,
    }),
    column.display({
      id: 'status',
      header: t('webhooks.fields.status'),
      cell: ({ row: { original: endpoint } }) => <EndpointState endpoint={endpoint} />,
    }),
    column.display({
      id: 'actions',
      header: t('webhooks.fields.actions'),
      cell: ({ row: { original: endpoint } }) => (
        <Group gap={4} wrap="nowrap">
          <RowAction
            label={t('webhooks.detail.edit')}
            named={t('webhooks.detail.editNamed', { name: endpointName(endpoint) })}
            icon={IconPencil}
            variant="subtle"
            asks
            onClick={() => onEdit(endpoint)}
          />
          <RowAction
            label={t('webhooks.detail.open')}
            named={t('webhooks.detail.openNamed', { name: endpointName(endpoint) })}
            icon={IconArrowRight}
            variant="subtle"
            to={detailPath(endpoint.id)}
          />
        </Group>
      ),
    }),
  ]);
}

export interface WebhookListProps {
  owner: WebhookOwner;
  /** The page of one endpoint. */
  detailPath: (id: string) => string;
}

export function WebhookList({ owner, detailPath }: WebhookListProps) {
  const { t } = useTranslation();
  const list = useWebhooks(owner);
  // 'new' adds; an endpoint edits it; undefined is closed. The key remounts the form per endpoint.
  const [editing, setEditing] = useState<TWebhookEndpoint | 'new' | undefined>();
  const [secret, setSecret] = useState<{ url: string; secret: string } | undefined>();

  return (
    <>
      <DataTable
        label={t('webhooks.tableLabel')}
        columns={webhookColumns(t, detailPath, setEditing)}
        rows={list.data?.endpoints}
        rowKey={(endpoint) => endpoint.id}
        rowAttributes={(endpoint) => ({ 'data-testid': 'webhook-row', 'data-key': endpoint.id })}
        query={list}
        emptyText={t('webhooks.empty')}
        withTableBorder
        minWidth={900}
        footer={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            aria-haspopup="dialog"
            onClick={() => setEditing('new')}
          >
            {t('webhooks.add')}
          </Button>
        }
      />
      {editing !== undefined && (
        <WebhookFormModal
          key={editing === 'new' ? 'new' : editing.id}
          owner={owner}
          endpoint={editing === 'new' ? undefined : editing}
          opened
          onClose={() => setEditing(undefined)}
          onCreated={({ endpoint, secret: value }) =>
            setSecret({ url: endpoint.url, secret: value })
          }
        />
      )}
      <WebhookSecretModal shown={secret} onClose={() => setSecret(undefined)} />
    </>
  );
}
