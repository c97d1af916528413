/**
 * /review: the admins' queue of submitted and in-review campaigns, oldest
 * submission first, with start review, approve and reject (docs/product.md#review).
 * Approving and rejecting ask first: neither can be taken back. Other users
 * are sent to please-upgrade.
 */
import { campaignFamily, type TCampaignRow } from '@backoffice/domain';
import { Badge, Group } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/date-time';
import {
  CampaignTable,
  useCampaignColumns,
  type CampaignColumn,
} from '../../../shared/resources/campaigns/campaign-table';
import { useCampaignTitle } from '../../../shared/resources/campaigns/campaign-title';
import { ConfirmModal } from '../../../shared/ui/confirm-modal';
import { RowAction } from '../../../shared/ui/row-action';
import { paths } from '../../../shared/paths';
import { ListPage } from '../../../shared/ui/list-page';
import { notifySuccess } from '../../../shared/ui/notify';
import { useUrlPaging } from '../../../shared/ui/use-url-paging';
import { useApproveCampaign } from '../api/approve-campaign';
import { useReviewQueue } from '../api/get-review-queue';
import { useRejectCampaign } from '../api/reject-campaign';
import { useStartReview } from '../api/start-review';
import { RejectModal } from '../components/reject-modal';

export function ReviewQueuePage() {
  const { t } = useTranslation();
  const { page, setPage } = useUrlPaging();
  const query = useReviewQueue(page);
  const start = useStartReview();
  const approve = useApproveCampaign();
  const reject = useRejectCampaign();
  const [toReject, setToReject] = useState<TCampaignRow | undefined>(undefined);
  const [toApprove, setToApprove] = useState<TCampaignRow | undefined>(undefined);

  const titleOf = useCampaignTitle();
  const common = useCampaignColumns();
  const busyWith = (row: TCampaignRow) =>
    (start.isPending && start.variables === row.uuid) ||
    (approve.isPending && approve.variables === row.uuid);

  const columns: CampaignColumn[] = [
    common.merchant,
    common.type,
    common.title({
      to: (row) =>
        paths.campaigns.review(
          { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid },
          campaignFamily(row.type),
        ),
      withIdent: true,
    }),
    {
      id: 'submitted',
      header: t('review.submittedAt'),
      cell: (row) => formatDateTime(row.modified),
    },
    {
      id: 'status',
      header: t('campaigns.fields.status'),
      cell: (row) => (
        <Badge variant="light" color={row.current_status === 'submitted' ? 'blue' : 'grape'}>
          {t(`campaigns.statuses.${row.current_status}`)}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t('campaigns.fields.actions'),
      place: 'actions',
      cell: (row, title) => (
        // The buttons wrap rather than push the table past the page.
        <Group gap="xs">
          {row.current_status === 'submitted' && (
            <RowAction
              label={t('review.startReview')}
              named={t('review.startReviewNamed', { title })}
              icon={IconPlayerPlay}
              disabled={busyWith(row)}
              onClick={() =>
                start.mutate(row.uuid, {
                  onSuccess: () => notifySuccess(t('review.alerts.started', { title })),
                })
              }
            />
          )}
          <RowAction
            label={t('review.approve')}
            named={t('review.approveNamed', { title })}
            icon={IconCheck}
            variant="filled"
            color="green"
            disabled={busyWith(row)}
            asks
            onClick={() => setToApprove(row)}
          />
          <RowAction
            label={t('review.reject')}
            named={t('review.rejectNamed', { title })}
            icon={IconX}
            color="red"
            disabled={busyWith(row)}
            asks
            onClick={() => setToReject(row)}
          />
        </Group>
      ),
    },
  ];

  return (
    <ListPage title={t('review.title')} intro={t('review.intro')} busy={query.isFetching}>
      <CampaignTable
        query={query}
        columns={columns}
        label={t('review.tableLabel')}
        rowTestId="review-row"
        emptyText={t('review.empty')}
        minWidth={900}
        cardsBelow={1200}
        paging={{ pager: query.data?.pager, page, onPage: setPage }}
      />

      <ConfirmModal
        opened={toApprove !== undefined}
        title={t('review.approveTitle')}
        confirmLabel={t('review.approve')}
        cancelLabel={t('review.cancel')}
        confirmColor="green"
        confirmIcon={<IconCheck size={16} aria-hidden />}
        busy={approve.isPending}
        onClose={() => setToApprove(undefined)}
        onConfirm={() => {
          if (!toApprove) return;
          const title = titleOf(toApprove.title);
          approve.mutate(toApprove.uuid, {
            onSuccess: () => notifySuccess(t('review.alerts.approved', { title })),
            onSettled: () => setToApprove(undefined),
          });
        }}
      >
        {t('review.approveQuestion', {
          title: toApprove ? titleOf(toApprove.title) : '',
          merchant: toApprove?.merchant.name ?? '',
        })}
      </ConfirmModal>

      <RejectModal
        title={toReject ? titleOf(toReject.title) : undefined}
        busy={reject.isPending}
        onClose={() => setToReject(undefined)}
        onConfirm={(reason) => {
          if (!toReject) return;
          const title = titleOf(toReject.title);
          reject.mutate(
            { id: toReject.uuid, reason },
            {
              onSuccess: () => {
                notifySuccess(t('review.alerts.rejected', { title }));
                setToReject(undefined);
              },
            },
          );
        }}
      />
    </ListPage>
  );
}

export { ReviewQueuePage as Component };
