/**
 * /{merchantIdent}/locations (docs/product.md#locations): the list of
 * locations with their geocoding state; add, edit, delete (after a question
 * that says what deleting does); CSV upload.
 */
import type { TLocation } from '@backoffice/domain';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NotFoundPage } from '../../../shared/ui/not-found-page';
import { notifySuccess } from '../../../shared/ui/notify';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { QueryState } from '../../../shared/ui/query-state';
import { useDeleteLocation, useLocations } from '../api/locations';
import { LocationFormModal } from '../components/location-form';
import { LocationUpload } from '../components/location-upload';
import { MerchantTabs } from '../../../shared/resources/merchants/merchant-tabs';
import { notifyMerchantError } from '../merchant-errors';
import { useMerchantIdent } from '../use-merchant-ident';

const STATUS_COLOURS = {
  found: 'teal',
  pending: 'blue',
  not_found: 'orange',
  confirmed: 'gray',
  geocoder_failed: 'red',
} as const;

const column = dataColumns<TLocation>();

interface LocationColumnsOptions {
  t: TFunction;
  onEdit: (location: TLocation) => void;
  deletingOf: (location: TLocation) => boolean;
  onDelete: (location: TLocation) => void;
}

/** The locations' columns: name, address, what it is used for, geocoding, and the actions. */
function locationColumns({
  t,
  onEdit,
  deletingOf,
  onDelete,
}: LocationColumnsOptions): DataColumn<TLocation>[] {
  return column.columns([
    column.accessor('name', { header: t('merchants.locations.fields.name') }),
    column.accessor('formatted_address', { header: t('merchants.locations.address') }),
    column.display({
      id: 'flags',
      header: t('merchants.locations.flags'),
      cell: ({ row: { original: location } }) => (
        <Group gap={4}>
          {location.is_billing_address && (
            <Badge variant="light">{t('merchants.locations.billing')}</Badge>
          )}
          {location.is_mail_address && (
            <Badge variant="light">{t('merchants.locations.mail')}</Badge>
          )}
          {location.is_redemption && (
            <Badge variant="light">{t('merchants.locations.redemption')}</Badge>
          )}
        </Group>
      ),
    }),
    column.accessor('geocode_status', {
      header: t('merchants.locations.geocoding'),
      cell: ({ row: { original: location } }) => (
        <Badge color={STATUS_COLOURS[location.geocode_status]} variant="light">
          {t(`merchants.locations.status.${location.geocode_status}`)}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('merchants.accounts.actions'),
      cell: ({ row: { original: location } }) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('merchants.locations.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('merchants.locations.editNamed', { name: location.name })}
              onClick={() => onEdit(location)}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('merchants.locations.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              loading={deletingOf(location)}
              aria-label={t('merchants.locations.deleteNamed', { name: location.name })}
              aria-haspopup="dialog"
              onClick={() => onDelete(location)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    }),
  ]);
}

function Locations({ merchantIdent }: { merchantIdent: string }) {
  const { t } = useTranslation();
  const list = useLocations(merchantIdent);
  const remove = useDeleteLocation(merchantIdent);
  // 'new' adds; a location edits it; undefined is closed. The key remounts the form per location.
  const [editing, setEditing] = useState<TLocation | 'new' | undefined>();
  // The location whose deletion is asked about, while `asking`; kept while the
  // question fades out, so that its text stays until it is gone.
  const [deleting, setDeleting] = useState<TLocation | undefined>();
  const [asking, setAsking] = useState(false);
  // A deletion takes the row's button away: the focus goes to the list (after the question).
  const tableRef = useRef<HTMLTableElement>(null);

  if (!list.data) return <QueryState query={list} />;
  const rows = list.data.rows;

  return (
    <Stack gap="md">
      <LocationUpload merchantIdent={merchantIdent} runningJob={list.data.import_job} />
      <Group justify="space-between">
        <Text size="sm">{t('merchants.locations.count', { count: rows.length })}</Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('merchants.locations.add')}
        </Button>
      </Group>
      <DataTable
        label={t('merchants.locations.title')}
        columns={locationColumns({
          t,
          onEdit: setEditing,
          deletingOf: (location) => remove.isPending && remove.variables === location.id,
          onDelete: (location) => {
            setDeleting(location);
            setAsking(true);
          },
        })}
        rows={rows}
        rowKey={(location) => location.id}
        rowAttributes={() => ({ 'data-testid': 'location-row' })}
        tableRef={tableRef}
        withTableBorder
        verticalSpacing={7}
        minWidth={720}
      />
      <ConfirmModal
        opened={asking}
        title={t('merchants.locations.deleteTitle')}
        cancelLabel={t('merchants.confirm.cancel')}
        confirmLabel={t('merchants.locations.deleteConfirm')}
        confirmColor="red"
        confirmIcon={<IconTrash size={16} aria-hidden />}
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => notifySuccess(t('merchants.locations.deleted')),
            onError: (error) => notifyMerchantError(t, error),
            onSettled: () => {
              setAsking(false);
              // The row's button is gone (or the keyboard user starts again at the list).
              requestAnimationFrame(() => tableRef.current?.focus());
            },
          });
        }}
        onClose={() => setAsking(false)}
      >
        {deleting && t('merchants.locations.deleteQuestion', { name: deleting.name })}
      </ConfirmModal>
      {editing !== undefined && (
        <LocationFormModal
          key={editing === 'new' ? 'new' : editing.id}
          merchantIdent={merchantIdent}
          location={editing === 'new' ? undefined : editing}
          opened
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}

export function LocationsPage() {
  const { t } = useTranslation();
  const merchantIdent = useMerchantIdent();
  if (!merchantIdent) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={1200} py="md">
      <Title order={1}>{t('merchants.locations.title')}</Title>
      <MerchantTabs merchantIdent={merchantIdent} active="locations" />
      <Locations key={merchantIdent} merchantIdent={merchantIdent} />
    </Stack>
  );
}

export { LocationsPage as Component };
