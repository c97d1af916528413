/**
 * /review: the admins' queue of submitted and in-review campaigns, oldest
 * submission first, with start review, approve and reject (spec §4 "Flow").
 * Other users are sent to please-upgrade.
 */
import { campaignFamily, type TCampaignRow } from '@backoffice/domain';
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format/date-time';
import { localisedText } from '../../shared/format/localised-text';
import { paths } from '../../shared/paths';
import { ListPager } from '../../shared/ui/list-pager';
import { notifySuccess } from '../../shared/ui/notify';
import { useApproveCampaign } from './api/approve-campaign';
import { useReviewQueue } from './api/get-review-queue';
import { useRejectCampaign } from './api/reject-campaign';
import { useStartReview } from './api/start-review';
import { RejectModal } from './components/reject-modal';

export function ReviewQueuePage() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useReviewQueue(page);
  const start = useStartReview();
  const approve = useApproveCampaign();
  const reject = useRejectCampaign();
  const [toReject, setToReject] = useState<TCampaignRow | undefined>(undefined);

  const rows = query.data?.rows ?? [];
  const titleOf = (row: TCampaignRow) =>
    localisedText(row.title, i18n.language) || t('campaigns.values.untitled');
  const busyWith = (row: TCampaignRow) =>
    (start.isPending && start.variables === row.uuid) ||
    (approve.isPending && approve.variables === row.uuid);

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between">
        <div>
          <Title order={1}>{t('review.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('review.intro')}
          </Text>
        </div>
        {query.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      </Group>

      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('review.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaigns.fields.merchant')}</Table.Th>
              <Table.Th>{t('campaigns.fields.type')}</Table.Th>
              <Table.Th>{t('campaigns.fields.campaign')}</Table.Th>
              <Table.Th>{t('review.submittedAt')}</Table.Th>
              <Table.Th>{t('campaigns.fields.status')}</Table.Th>
              <Table.Th>{t('campaigns.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const title = titleOf(row);
              const reviewPath = paths.campaigns.review(
                { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid },
                campaignFamily(row.type),
              );
              return (
                <Table.Tr key={row.uuid} data-testid="review-row" data-campaign={row.uuid}>
                  <Table.Td>{row.merchant.name}</Table.Td>
                  <Table.Td>{t(`campaigns.types.${row.type}`)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={reviewPath} fw={600}>
                      {title}
                    </Anchor>
                    <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {row.uuid}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.modified)}</Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={row.current_status === 'submitted' ? 'blue' : 'grape'}
                    >
                      {t(`campaigns.statuses.${row.current_status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {/* The buttons wrap rather than push the table past the page. */}
                    <Group gap="xs">
                      {row.current_status === 'submitted' && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconPlayerPlay size={14} aria-hidden />}
                          aria-label={t('review.startReviewNamed', { title })}
                          disabled={busyWith(row)}
                          onClick={() =>
                            start.mutate(row.uuid, {
                              onSuccess: () => notifySuccess(t('review.alerts.started', { title })),
                            })
                          }
                        >
                          {t('review.startReview')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        color="green"
                        leftSection={<IconCheck size={14} aria-hidden />}
                        aria-label={t('review.approveNamed', { title })}
                        disabled={busyWith(row)}
                        onClick={() =>
                          approve.mutate(row.uuid, {
                            onSuccess: () => notifySuccess(t('review.alerts.approved', { title })),
                          })
                        }
                      >
                        {t('review.approve')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        leftSection={<IconX size={14} aria-hidden />}
                        aria-label={t('review.rejectNamed', { title })}
                        disabled={busyWith(row)}
                        onClick={() => setToReject(row)}
                      >
                        {t('review.reject')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {t('review.empty')}
        </Text>
      )}

      <Group justify="flex-end">
        <ListPager pager={query.data?.pager} page={page} onPage={setPage} />
      </Group>

      <RejectModal
        title={toReject ? titleOf(toReject) : undefined}
        busy={reject.isPending}
        onClose={() => setToReject(undefined)}
        onConfirm={(reason) => {
          if (!toReject) return;
          const title = titleOf(toReject);
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
    </Stack>
  );
}

export { ReviewQueuePage as Component };
