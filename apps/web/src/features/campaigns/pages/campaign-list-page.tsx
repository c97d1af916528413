/**
 * /{merchantIdent}/campaigns/list (spec §2 "Campaign list"): filters kept in
 * the URL, the table of campaigns with their actions, and a footer with the
 * create button and the pager.
 */
import {
  campaignFamily,
  canClone,
  canToggleListable,
  CAMPAIGN_ORDER_FIELDS,
  CAMPAIGN_STATUSES,
  editStep,
  effectiveMerchantLevel,
  RUNTIME_FILTERS,
  TYPE_FILTERS,
  type CampaignOrderOption,
  type CampaignStatus,
  type RuntimeFilter,
  type TCampaignRow,
  type TypeFilter,
} from '@backoffice/domain';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCopy,
  IconExternalLink,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time';
import { paths, type CampaignListFilters } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { notifyError, notifyInfo, notifySuccess } from '../../../shared/ui/notify';
import { useCloneCampaign } from '../api/clone-campaign';
import { useDeleteCampaign } from '../api/delete-campaign';
import { useCampaigns } from '../api/get-campaigns';
import { useToggleListable } from '../api/toggle-listable';
import { localisedText } from '../../../shared/format/localised-text';
import { CampaignThumbnail } from '../components/campaign-thumbnail';
import { DeleteCampaignModal } from '../components/delete-campaign-modal';
import { ListPager } from '../../../shared/ui/list-pager';
import { PhaseBadge } from '../components/phase-badge';
import { parseListFilters, withFilter } from '../list-filters';

/** Typing pauses this long before the campaign text filter asks the server (spec §9). */
export const CAMPAIGN_FILTER_DEBOUNCE_MS = 500;

export function CampaignListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { merchantIdent = '' } = useParams();
  const [search] = useSearchParams();
  const filters = useMemo(() => parseListFilters(search), [search]);
  const { user, merchant } = useSession();
  const level = effectiveMerchantLevel(
    user?.level ?? 'other',
    merchant?.uuid === merchantIdent ? merchant.level : undefined,
  );

  const change = (patch: Partial<CampaignListFilters>) =>
    void navigate(paths.campaigns.list({ merchantIdent }, withFilter(filters, patch)));

  // The text filter: typed locally, written to the URL once typing pauses.
  const urlText = filters.filter_campaign ?? '';
  const [text, setText] = useState(urlText);
  const [seenUrlText, setSeenUrlText] = useState(urlText);
  if (urlText !== seenUrlText) {
    // The URL changed from outside (back button, a link): show its text.
    setSeenUrlText(urlText);
    if (urlText !== text.trim()) setText(urlText);
  }
  const [debouncedText] = useDebouncedValue(text.trim(), CAMPAIGN_FILTER_DEBOUNCE_MS);
  const settled = debouncedText === text.trim();
  useEffect(() => {
    if (!settled || debouncedText === urlText) return;
    void navigate(
      paths.campaigns.list(
        { merchantIdent },
        withFilter(filters, { filter_campaign: debouncedText || undefined }),
      ),
      { replace: true },
    );
  }, [settled, debouncedText, urlText, filters, merchantIdent, navigate]);

  const query = useCampaigns({ ...filters, exact_merchant: merchantIdent });
  const rows = query.data?.rows ?? [];

  const toggle = useToggleListable();
  const clone = useCloneCampaign();
  const remove = useDeleteCampaign();
  const [toDelete, setToDelete] = useState<TCampaignRow | undefined>(undefined);

  const titleOf = (row: TCampaignRow) =>
    localisedText(row.title, i18n.language) || t('campaigns.values.untitled');

  const onToggle = (row: TCampaignRow) =>
    toggle.mutate(row.uuid, {
      onSuccess: ({ listable }) =>
        notifyInfo(listable ? t('campaigns.alerts.shown') : t('campaigns.alerts.hidden')),
    });

  const onClone = (row: TCampaignRow) =>
    clone.mutate(row.uuid, {
      onSuccess: ({ campaign }) => {
        notifySuccess(t('campaigns.alerts.cloned', { id: campaign.uuid }));
        // Clone opens the copy's handling step (spec §4).
        void navigate(
          paths.campaigns.handling(
            { merchantIdent: campaign.merchant.uuid, campaignIdent: campaign.uuid },
            campaignFamily(campaign.type),
          ),
        );
      },
    });

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

  const orderOptions = CAMPAIGN_ORDER_FIELDS.flatMap((field) => [
    {
      value: field,
      label: t('campaigns.order.ascending', { field: t(`campaigns.orderFields.${field}`) }),
    },
    {
      value: `-${field}`,
      label: t('campaigns.order.descending', { field: t(`campaigns.orderFields.${field}`) }),
    },
  ]);
  const all = { value: '', label: t('campaigns.list.all') };

  return (
    <Stack gap="md" py="md">
      <Group justify="space-between">
        <Title order={1}>{t('campaigns.list.title')}</Title>
        {query.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      </Group>

      <Paper
        withBorder
        p="md"
        radius="md"
        component="section"
        aria-label={t('campaigns.list.filters')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          <TextInput
            label={t('campaigns.list.filterCampaign')}
            placeholder={t('campaigns.list.filterCampaignPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('campaigns.list.filterType')}
            value={filters.filter_type ?? ''}
            onChange={(event) =>
              change({ filter_type: (event.currentTarget.value || undefined) as TypeFilter })
            }
            data={[
              all,
              ...TYPE_FILTERS.map((value) => ({
                value,
                label:
                  value === 'coupon' || value === 'tip'
                    ? t(`campaigns.typeFilters.${value}`)
                    : t(`campaigns.types.${value}`),
              })),
            ]}
          />
          <NativeSelect
            label={t('campaigns.list.filterStatus')}
            value={filters.filter_status ?? ''}
            onChange={(event) =>
              change({
                filter_status: (event.currentTarget.value || undefined) as CampaignStatus,
              })
            }
            data={[
              all,
              ...CAMPAIGN_STATUSES.map((value) => ({
                value,
                label: t(`campaigns.statuses.${value}`),
              })),
            ]}
          />
          <NativeSelect
            label={t('campaigns.list.filterRuntime')}
            value={filters.filter_runtime ?? ''}
            onChange={(event) =>
              change({
                filter_runtime: (event.currentTarget.value || undefined) as RuntimeFilter,
              })
            }
            data={[
              all,
              ...RUNTIME_FILTERS.map((value) => ({
                value,
                label: t(`campaigns.phases.${value}`),
              })),
            ]}
          />
          <NativeSelect
            label={t('campaigns.list.order')}
            value={filters.order_by ?? 'valid_from'}
            onChange={(event) =>
              change({ order_by: event.currentTarget.value as CampaignOrderOption })
            }
            data={orderOptions}
          />
        </SimpleGrid>
      </Paper>

      {/* Fits the page beside the side menu from 1280 px; narrower screens scroll the table itself. */}
      <Table.ScrollContainer minWidth={940}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={8}
          aria-label={t('campaigns.list.tableLabel')}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('campaigns.fields.type')}</Table.Th>
              <Table.Th>{t('campaigns.fields.image')}</Table.Th>
              <Table.Th>{t('campaigns.fields.campaign')}</Table.Th>
              <Table.Th>{t('campaigns.fields.participations')}</Table.Th>
              <Table.Th>{t('campaigns.fields.views')}</Table.Th>
              <Table.Th>{t('campaigns.fields.status')}</Table.Th>
              <Table.Th>{t('campaigns.fields.phase')}</Table.Th>
              <Table.Th>{t('campaigns.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const title = titleOf(row);
              const params = { merchantIdent: row.merchant.uuid, campaignIdent: row.uuid };
              const family = campaignFamily(row.type);
              const editPath = paths.campaigns.step(params, family, editStep(row.current_status));
              const deleted = row.current_status === 'deleted';
              return (
                <Table.Tr key={row.uuid} data-testid="campaign-row" data-campaign={row.uuid}>
                  <Table.Td>{t(`campaigns.types.${row.type}`)}</Table.Td>
                  <Table.Td>
                    <CampaignThumbnail src={row.image?.src} title={title} width={64} />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={editPath} fw={600}>
                      {title}
                    </Anchor>
                    <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {row.uuid}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('campaigns.values.participations', { count: row.participations })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('campaigns.values.distinctUsers', { count: row.distinct_users })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {t('campaigns.values.views', {
                        list: row.view_list,
                        detail: row.view_detail,
                        mail: row.view_mail,
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <PhaseBadge phase={row.phase} status={row.current_status} />
                    {row.valid_from && (
                      <Text size="xs" c="dimmed">
                        {t('campaigns.values.from', { date: formatDateTime(row.valid_from) })}
                      </Text>
                    )}
                    {row.valid_until && (
                      <Text size="xs" c="dimmed">
                        {t('campaigns.values.until', { date: formatDateTime(row.valid_until) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {/* Three actions a row: the column stays narrow enough for 1280 px screens. */}
                    <Group gap={4} w={104}>
                      <ActionIcon
                        component={Link}
                        to={editPath}
                        variant="subtle"
                        aria-label={t('campaigns.actions.edit', { title })}
                        title={t('campaigns.actions.edit', { title })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      {canToggleListable(level) && !deleted && (
                        <ActionIcon
                          variant="subtle"
                          color={row.is_listable ? 'blue' : 'gray'}
                          aria-pressed={row.is_listable}
                          aria-label={
                            row.is_listable
                              ? t('campaigns.actions.hide', { title })
                              : t('campaigns.actions.show', { title })
                          }
                          title={
                            row.is_listable
                              ? t('campaigns.actions.hide', { title })
                              : t('campaigns.actions.show', { title })
                          }
                          loading={toggle.isPending && toggle.variables === row.uuid}
                          onClick={() => onToggle(row)}
                        >
                          {row.is_listable ? (
                            <IconEye size={18} aria-hidden />
                          ) : (
                            <IconEyeOff size={18} aria-hidden />
                          )}
                        </ActionIcon>
                      )}
                      {canClone(level) && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('campaigns.actions.clone', { title })}
                          title={t('campaigns.actions.clone', { title })}
                          loading={clone.isPending && clone.variables === row.uuid}
                          onClick={() => onClone(row)}
                        >
                          <IconCopy size={18} aria-hidden />
                        </ActionIcon>
                      )}
                      {!deleted && (
                        <Tooltip
                          label={t('campaigns.actions.deleteDisabled')}
                          disabled={row.participations === 0}
                        >
                          {/* A disabled button gets no pointer events: the span carries the tooltip. */}
                          <span>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              disabled={row.participations > 0}
                              aria-label={t('campaigns.actions.delete', { title })}
                              title={t('campaigns.actions.delete', { title })}
                              onClick={() => setToDelete(row)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </span>
                        </Tooltip>
                      )}
                      <ActionIcon
                        component="a"
                        href={row.preview_link}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="subtle"
                        aria-label={t('campaigns.actions.preview', { title })}
                        title={t('campaigns.actions.preview', { title })}
                      >
                        <IconExternalLink size={18} aria-hidden />
                      </ActionIcon>
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
          {t('campaigns.list.empty')}
        </Text>
      )}
      {query.isPending && (
        <Group justify="center">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      )}

      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button
            component={Link}
            to={paths.campaigns.create({ merchantIdent })}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('campaigns.actions.create')}
          </Button>
          {query.data && (
            <Text size="sm" c="dimmed">
              {t(
                query.data.pager.total_entries_estimated
                  ? 'campaigns.list.totalAbout'
                  : 'campaigns.list.total',
                { count: query.data.pager.total_entries },
              )}
            </Text>
          )}
        </Group>
        <ListPager
          pager={query.data?.pager}
          page={filters.page ?? 1}
          onPage={(page) => change({ page })}
        />
      </Group>

      <DeleteCampaignModal
        title={toDelete ? titleOf(toDelete) : undefined}
        busy={remove.isPending}
        onConfirm={onDelete}
        onClose={() => setToDelete(undefined)}
      />
    </Stack>
  );
}

export { CampaignListPage as Component };
