/**
 * /merchants (admins and agencies; docs/product.md#merchants "Merchant screens: merchant list
 * with filter"): the merchants the user may act for, filtered by name or
 * brand, in a paged table with name, brand, internal name (admins), level,
 * validity (the invalid-merchant mark), number of campaigns, and the actions
 * switch to the merchant (its dashboard opens) and edit it.
 */
import {
  isAdmin,
  isMerchantInvalid,
  type TMerchantListRow,
  type TMerchantSummary,
} from '@backoffice/domain';
import { Badge, Group, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBellRinging, IconPencil, IconSearch, IconSwitchHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { merchantErrorText } from '../../../shared/resources/merchants/merchant-error-text';
import { useMerchants } from '../../../shared/resources/merchants/get-merchants';
import { formatCount } from '../../../shared/format/number';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { useSelectMerchant } from '../../../shared/session/use-select-merchant';
import { RowAction } from '../../../shared/ui/row-action';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { ListPage } from '../../../shared/ui/list-page';
import { merchantLevelLabel } from '../../../shared/resources/merchants/merchant-level';
import { useUrlPaging } from '../../../shared/ui/use-url-paging';

/** The session keeps the summary alone, not the list's extra columns. */
const summaryOf = ({
  internal_name: _internalName,
  campaign_count: _campaignCount,
  ...summary
}: TMerchantListRow): TMerchantSummary => summary;

function Validity({ merchant }: { merchant: TMerchantListRow }) {
  const { t } = useTranslation();
  if (!isMerchantInvalid(merchant)) {
    return (
      <Badge color="teal" variant="light">
        {t('merchantList.valid')}
      </Badge>
    );
  }
  const label = [
    t('shell.merchantInvalid'),
    ...merchant.errors.map((error) => merchantErrorText(t, error)),
  ].join(' – ');
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={label} withArrow multiline maw={320}>
        <ThemeIcon color="red" variant="light" role="img" aria-label={label} tabIndex={0}>
          <IconBellRinging size={16} aria-hidden />
        </ThemeIcon>
      </Tooltip>
      <Text size="sm" c="red">
        {t('merchantList.invalid')}
      </Text>
    </Group>
  );
}

const column = dataColumns<TMerchantListRow>();

function useMerchantColumns(): DataColumn<TMerchantListRow>[] {
  const { t } = useTranslation();
  const { user, merchant: current } = useSession();
  const select = useSelectMerchant();
  const showInternalName = user !== null && isAdmin(user);
  return column.columns([
    column.accessor('name', {
      header: t('fields.name'),
      meta: { strong: true },
      cell: ({ row: { original: merchant } }) => (
        <>
          {merchant.name}
          {merchant.uuid === current?.uuid && (
            <Badge ml="xs" size="xs" variant="light">
              {t('merchantSelection.current')}
            </Badge>
          )}
        </>
      ),
    }),
    column.accessor((merchant) => merchant.brand_name ?? '', {
      id: 'brand',
      header: t('fields.brandName'),
    }),
    ...(showInternalName
      ? [
          column.accessor((merchant) => merchant.internal_name ?? '', {
            id: 'internalName',
            header: t('merchantList.internalName'),
          }),
        ]
      : []),
    column.accessor((merchant) => merchantLevelLabel(t, merchant.level), {
      id: 'level',
      header: t('fields.level'),
    }),
    column.display({
      id: 'validity',
      header: t('merchantList.validity'),
      cell: ({ row }) => <Validity merchant={row.original} />,
    }),
    column.accessor((merchant) => formatCount(merchant.campaign_count), {
      id: 'campaigns',
      header: t('merchantList.campaigns'),
    }),
    column.display({
      id: 'actions',
      header: t('merchantList.actions'),
      cell: ({ row: { original: merchant } }) => (
        <Group gap="xs" wrap="nowrap">
          <RowAction
            label={t('merchantList.switch')}
            named={t('merchantList.switchNamed', { name: merchant.name })}
            icon={IconSwitchHorizontal}
            onClick={() => select(summaryOf(merchant))}
          />
          <RowAction
            label={t('merchantList.edit')}
            named={t('merchantList.editNamed', { name: merchant.name })}
            icon={IconPencil}
            variant="subtle"
            to={paths.merchant.edit({ merchantIdent: merchant.uuid })}
          />
        </Group>
      ),
    }),
  ]);
}

export function MerchantListPage() {
  const { t } = useTranslation();
  const { merchant: current } = useSession();
  const { page, setPage, filter, setFilter, appliedFilter } = useUrlPaging();
  const list = useMerchants({ page, filter: appliedFilter });
  const columns = useMerchantColumns();

  return (
    <ListPage
      title={t('merchantList.title')}
      intro={t('merchantList.intro')}
      busy={list.isFetching}
      filters={
        <TextInput
          label={t('merchantSelection.filterLabel')}
          placeholder={t('merchantSelection.filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          maw={420}
        />
      }
    >
      <DataTable
        label={t('merchantList.tableLabel')}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(merchant) => merchant.uuid}
        rowAttributes={(merchant) => ({
          'aria-current': merchant.uuid === current?.uuid ? 'true' : undefined,
        })}
        query={list}
        emptyText={t('merchantSelection.empty')}
        minWidth={960}
        paging={{ pager: list.data?.pager, page, onPage: setPage }}
      />
    </ListPage>
  );
}

export { MerchantListPage as Component };
