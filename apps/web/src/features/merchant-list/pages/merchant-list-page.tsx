/**
 * /merchants (admins and agencies; spec §2 "Merchant screens: merchant list
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
import { Badge, Button, Group, Table, Text, TextInput, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBellRinging, IconPencil, IconSearch, IconSwitchHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { merchantErrorText } from '../../../shared/resources/merchants/merchant-error-text';
import { Link } from 'react-router';
import { useMerchants } from '../../../shared/resources/merchants/get-merchants';
import { formatCount } from '../../../shared/format/number';
import { paths } from '../../../shared/paths';
import { useSession } from '../../../shared/session/session-store';
import { useSelectMerchant } from '../../../shared/session/use-select-merchant';
import { ListPage } from '../../../shared/ui/list-page';
import { merchantLevelLabel } from '../../../shared/resources/merchants/merchant-level';
import { useListPaging } from '../../../shared/ui/use-list-paging';

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

export function MerchantListPage() {
  const { t } = useTranslation();
  const { user, merchant: current } = useSession();
  const select = useSelectMerchant();
  const { page, setPage, filter, setFilter, appliedFilter } = useListPaging();
  const list = useMerchants({ page, filter: appliedFilter });
  const rows = list.data?.rows ?? [];
  const showInternalName = user !== null && isAdmin(user);

  return (
    <ListPage
      title={t('merchantList.title')}
      intro={t('merchantList.intro')}
      query={list}
      page={page}
      onPage={setPage}
      emptyText={t('merchantSelection.empty')}
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
      <Table.ScrollContainer minWidth={960}>
        <Table striped verticalSpacing="sm" aria-label={t('merchantList.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.brandName')}</Table.Th>
              {showInternalName && <Table.Th>{t('merchantList.internalName')}</Table.Th>}
              <Table.Th>{t('fields.level')}</Table.Th>
              <Table.Th>{t('merchantList.validity')}</Table.Th>
              <Table.Th>{t('merchantList.campaigns')}</Table.Th>
              <Table.Th>{t('merchantList.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((merchant) => (
              <Table.Tr
                key={merchant.uuid}
                aria-current={merchant.uuid === current?.uuid ? 'true' : undefined}
              >
                <Table.Td fw={600}>
                  {merchant.name}
                  {merchant.uuid === current?.uuid && (
                    <Badge ml="xs" size="xs" variant="light">
                      {t('merchantSelection.current')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{merchant.brand_name ?? ''}</Table.Td>
                {showInternalName && <Table.Td>{merchant.internal_name ?? ''}</Table.Td>}
                <Table.Td>{merchantLevelLabel(t, merchant.level)}</Table.Td>
                <Table.Td>
                  <Validity merchant={merchant} />
                </Table.Td>
                <Table.Td>{formatCount(merchant.campaign_count)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconSwitchHorizontal size={14} aria-hidden />}
                      aria-label={t('merchantList.switchNamed', { name: merchant.name })}
                      onClick={() => select(summaryOf(merchant))}
                    >
                      {t('merchantList.switch')}
                    </Button>
                    <Button
                      component={Link}
                      to={paths.merchant.edit({ merchantIdent: merchant.uuid })}
                      size="xs"
                      variant="subtle"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('merchantList.editNamed', { name: merchant.name })}
                    >
                      {t('merchantList.edit')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListPage>
  );
}

export { MerchantListPage as Component };
