/**
 * The campaign list's table (spec §2 "Campaign list"): type, image, title,
 * participations, views, status, phase and the row actions; deleting asks
 * first.
 */
import { campaignFamily, editStep, type TCampaignRow } from '@backoffice/domain';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CampaignTable,
  useCampaignColumns,
  type CampaignColumn,
  type CampaignRowsQuery,
} from '../../../shared/campaigns/campaign-table';
import { useCampaignTitle } from '../../../shared/campaigns/campaign-title';
import { formatDateTime } from '../../../shared/format/date-time';
import { paths } from '../../../shared/paths';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { useDeleteCampaign } from '../api/delete-campaign';
import { CampaignRowActions } from './campaign-row-actions';
import { CampaignThumbnail } from './campaign-thumbnail';
import { DeleteCampaignModal } from './delete-campaign-modal';
import { usePhaseColumn } from './phase-column';

/** The step a row's title and edit action open. */
const editPathOf = (row: TCampaignRow) =>
  paths.campaigns.step(
    { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid },
    campaignFamily(row.type),
    editStep(row.current_status),
  );

export interface CampaignListTableProps {
  /** The list query. */
  query: CampaignRowsQuery;
  /** The user's effective merchant level: which actions a row offers. */
  level: number;
}

export function CampaignListTable({ query, level }: CampaignListTableProps) {
  const { t } = useTranslation();
  const titleOf = useCampaignTitle();
  const common = useCampaignColumns();
  const phase = usePhaseColumn();
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<TCampaignRow | undefined>(undefined);

  const onDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.uuid, {
      onSuccess: ({ status, reason }) => {
        if (status === 'deleted') notifySuccess(t('campaigns.alerts.deleted'));
        else notifyError(t(`campaigns.delete.reasons.${reason ?? 'not_deletable'}`));
      },
      onSettled: () => setToDelete(undefined),
    });
  };

  const columns: CampaignColumn[] = [
    common.type,
    {
      id: 'image',
      header: t('campaigns.fields.image'),
      cell: (row, title) => <CampaignThumbnail src={row.image?.src} title={title} width={64} />,
    },
    common.title({ to: editPathOf, withIdent: true }),
    {
      id: 'participations',
      header: t('campaigns.fields.participations'),
      cell: (row) => (
        <>
          <Text size="sm">
            {t('campaigns.values.participations', { count: row.participations })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('campaigns.values.distinctUsers', { count: row.distinct_users })}
          </Text>
        </>
      ),
    },
    {
      id: 'views',
      header: t('campaigns.fields.views'),
      cell: (row) => (
        <Text size="xs">
          {t('campaigns.values.views', {
            list: row.view_list,
            detail: row.view_detail,
            mail: row.view_mail,
          })}
        </Text>
      ),
    },
    {
      id: 'status',
      header: t('campaigns.fields.status'),
      cell: (row) => (
        <>
          <Text size="sm" fw={600} data-testid="status">
            {t(`campaigns.statuses.${row.current_status}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('campaigns.values.modifiedAt', { date: formatDateTime(row.modified) })}
          </Text>
          {row.editor && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('campaigns.values.editedBy', { email: row.editor.email })}
            </Text>
          )}
        </>
      ),
    },
    phase,
    {
      id: 'actions',
      header: t('campaigns.fields.actions'),
      cell: (row, title) => (
        <CampaignRowActions
          row={row}
          title={title}
          editPath={editPathOf(row)}
          level={level}
          onDelete={setToDelete}
        />
      ),
    },
  ];

  return (
    <>
      {/* Fits the page beside the side menu from 1280 px; narrower screens scroll the table itself. */}
      <CampaignTable
        query={query}
        columns={columns}
        label={t('campaigns.list.tableLabel')}
        rowTestId="campaign-row"
        emptyText={t('campaigns.list.empty')}
        minWidth={940}
        horizontalSpacing={8}
      />
      <DeleteCampaignModal
        title={toDelete ? titleOf(toDelete.title) : undefined}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(undefined)}
      />
    </>
  );
}
