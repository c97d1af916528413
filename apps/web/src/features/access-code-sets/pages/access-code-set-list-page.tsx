/**
 * /access-code-sets (admins): the sets with name and internal name, type,
 * modified with editor, validity, edit and usage actions, a create button
 * and the pager (docs/product.md#access-code-sets).
 */
import type { TAccessCodeSetList } from '@backoffice/domain';
import { Button, Group, Text } from '@mantine/core';
import { IconChartBar, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time';
import { paths } from '../../../shared/paths';
import { ListPage } from '../../../shared/ui/list-page';
import { RowAction } from '../../../shared/ui/row-action';
import { DataTable, dataColumns, type DataColumn } from '../../../shared/ui/data-table';
import { useUrlPaging } from '../../../shared/ui/use-url-paging';
import { useAccessCodeSets } from '../api/access-code-sets';

type AccessCodeSetRow = TAccessCodeSetList['rows'][number];

const column = dataColumns<AccessCodeSetRow>();

function useSetColumns(): DataColumn<AccessCodeSetRow>[] {
  const { t } = useTranslation();
  return column.columns([
    column.accessor('name', {
      header: t('accessCodeSets.fields.name'),
      cell: ({ row: { original: set } }) => (
        <>
          <Text fw={600}>{set.name}</Text>
          <Text size="xs" c="dimmed">
            {set.internal_name}
          </Text>
        </>
      ),
    }),
    column.accessor((set) => t(`accessCodeSets.types.${set.type}`), {
      id: 'type',
      header: t('accessCodeSets.fields.type'),
    }),
    column.accessor('modified', {
      header: t('accessCodeSets.fields.modified'),
      cell: ({ row: { original: set } }) => (
        <>
          <Text size="sm">{formatDateTime(set.modified)}</Text>
          {set.email && (
            <Text size="xs" c="dimmed">
              {set.email}
            </Text>
          )}
        </>
      ),
    }),
    column.display({
      id: 'validity',
      header: t('accessCodeSets.fields.validity'),
      cell: ({ row: { original: set } }) => (
        <Text size="sm">
          {set.valid_from || set.valid_until
            ? t('accessCodeSets.values.validity', {
                from: formatDateTime(set.valid_from) || '…',
                until: formatDateTime(set.valid_until) || '…',
              })
            : t('accessCodeSets.values.alwaysValid')}
        </Text>
      ),
    }),
    column.display({
      id: 'actions',
      header: t('accessCodeSets.fields.actions'),
      cell: ({ row: { original: set } }) => (
        <Group gap="xs" wrap="nowrap">
          <RowAction
            label={t('accessCodeSets.actions.edit')}
            named={t('accessCodeSets.actions.editNamed', { name: set.name })}
            icon={IconPencil}
            to={paths.accessCodeSets.edit({ id: set.id })}
          />
          <RowAction
            label={t('accessCodeSets.actions.usage')}
            named={t('accessCodeSets.actions.usageNamed', { name: set.name })}
            icon={IconChartBar}
            variant="subtle"
            to={paths.accessCodeSets.codeUsage({ ident: set.id })}
          />
        </Group>
      ),
    }),
  ]);
}

export function AccessCodeSetListPage() {
  const { t } = useTranslation();
  const { page, setPage } = useUrlPaging();
  const list = useAccessCodeSets(page);
  const columns = useSetColumns();

  return (
    <ListPage
      title={t('accessCodeSets.title')}
      intro={t('accessCodeSets.intro')}
      busy={list.isFetching}
    >
      <DataTable
        label={t('accessCodeSets.tableLabel')}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(set) => set.id}
        query={list}
        emptyText={t('accessCodeSets.empty')}
        minWidth={900}
        paging={{ pager: list.data?.pager, page, onPage: setPage }}
        footer={
          <Button
            component={Link}
            to={paths.accessCodeSets.edit({ id: 'create' })}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t('accessCodeSets.actions.create')}
          </Button>
        }
      />
    </ListPage>
  );
}

export { AccessCodeSetListPage as Component };
