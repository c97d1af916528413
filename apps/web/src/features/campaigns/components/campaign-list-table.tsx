/**
 * The campaign list's table (spec §2 "Campaign list"): type, image, title,
 * participations, views, status, phase and the row actions; deleting asks
 * first. Fitted to laptops: no value is broken inside a
 * word, a row takes at most three lines, and below 1280 px (where the
 * side menu leaves too little room for eight columns) each campaign is a
 * card with its actions in reach. A standing rejection shows
 * its reason in the status (point 5).
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
} from '../../../shared/resources/campaigns/campaign-table';
import { useCampaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatCount } from '../../../shared/format/number';
import { paths } from '../../../shared/paths';
import { notifyError, notifySuccess } from '../../../shared/ui/notify';
import { useDeleteCampaign } from '../api/delete-campaign';
import { CampaignRowActions } from './campaign-row-actions';
import { CampaignThumbnail } from './campaign-thumbnail';
import { DeleteCampaignModal } from './delete-campaign-modal';
import classes from './campaign-list-table.module.css';
import { usePhaseColumn } from './phase-column';
import { RejectionReason } from './rejection-reason';

/** The step a row's title and edit action open. */
const editPathOf = (row: TCampaignRow) =>
  paths.campaigns.step(
    { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid },
    campaignFamily(row.type),
    editStep(row.current_status),
  );

/**
 * Below this screen width each campaign is a card: the table needs about
 * 980 px, which the page beside the side menu has from 1280 px.
 */
export const CAMPAIGN_CARDS_BELOW = 1280;

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
      place: 'media',
      cell: (row, title, layout) => (
        <CampaignThumbnail src={row.image?.src} title={title} width={layout === 'row' ? 48 : 64} />
      ),
    },
    common.title({ to: editPathOf, withIdent: true }),
    {
      id: 'participations',
      header: t('campaigns.fields.participations'),
      cell: (row, _title, layout) => (
        <>
          {/* In a row the number alone (the column's header says what it counts): the column stays narrow. */}
          <Text size="sm" className={classes.line}>
            {layout === 'row'
              ? formatCount(row.participations)
              : t('campaigns.values.participations', { count: row.participations })}
          </Text>
          <Text size="xs" c="dimmed" className={classes.line}>
            {t('campaigns.values.distinctUsers', { count: row.distinct_users })}
          </Text>
        </>
      ),
    },
    {
      id: 'views',
      header: t('campaigns.fields.views'),
      cell: (row) => (
        <>
          <Text size="xs" className={classes.line}>
            {t('campaigns.values.viewsList', { views: row.view_list })}
          </Text>
          <Text size="xs" className={classes.line}>
            {t('campaigns.values.viewsDetail', { views: row.view_detail })}
          </Text>
          <Text size="xs" className={classes.line}>
            {t('campaigns.values.viewsMail', { views: row.view_mail })}
          </Text>
        </>
      ),
    },
    {
      id: 'status',
      header: t('campaigns.fields.status'),
      cell: (row, _title, layout) => {
        const reason = row.rejection_reason;
        // In a row the email alone (its tooltip says "von …"): the column stays narrow enough for 1280 px.
        const editor = row.editor && (
          <Text
            size="xs"
            c="dimmed"
            className={classes.clip}
            title={t('campaigns.values.editedBy', { email: row.editor.email })}
          >
            {layout === 'card'
              ? t('campaigns.values.editedBy', { email: row.editor.email })
              : row.editor.email}
          </Text>
        );
        return (
          <>
            <Text
              size="sm"
              fw={600}
              c={row.current_status === 'rejected' ? 'red.9' : undefined}
              data-testid="status"
            >
              {t(`campaigns.statuses.${row.current_status}`)}
            </Text>
            {/* A row keeps three lines: a standing rejection's reason takes the editor's place. */}
            {reason !== null && (
              <RejectionReason
                reason={reason}
                editPath={editPathOf(row)}
                editor={row.current_status === 'rejected' ? row.editor?.email : undefined}
              />
            )}
            <Text size="xs" c="dimmed" className={classes.line}>
              {t('campaigns.values.modifiedAt', { date: formatDateTime(row.modified) })}
            </Text>
            {(reason === null || layout === 'card') && editor}
          </>
        );
      },
    },
    phase,
    {
      id: 'actions',
      header: t('campaigns.fields.actions'),
      place: 'actions',
      cell: (row, title, layout) => (
        <CampaignRowActions
          row={row}
          title={title}
          editPath={editPathOf(row)}
          level={level}
          onDelete={setToDelete}
          layout={layout}
        />
      ),
    },
  ];

  return (
    <>
      {/* From 1280 px the table fits beside the side menu (should a font be wider, it scrolls in itself); narrower screens show cards. */}
      <CampaignTable
        query={query}
        columns={columns}
        label={t('campaigns.list.tableLabel')}
        rowTestId="campaign-row"
        emptyText={t('campaigns.list.empty')}
        horizontalSpacing={6}
        minWidth={960}
        cardsBelow={CAMPAIGN_CARDS_BELOW}
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
