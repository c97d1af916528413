/**
 * /access-code-sets (admins): the sets with name and internal name, type,
 * modified with editor, validity, edit and usage actions, a create button
 * and the pager (docs/product.md#access-code-sets).
 */
import { Button, Group, Table, Text } from '@mantine/core';
import { IconChartBar, IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time';
import { paths } from '../../../shared/paths';
import { ListPage } from '../../../shared/ui/list-page';
import { useListPaging } from '../../../shared/ui/use-list-paging';
import { useAccessCodeSets } from '../api/access-code-sets';

export function AccessCodeSetListPage() {
  const { t } = useTranslation();
  const { page, setPage } = useListPaging();
  const list = useAccessCodeSets(page);
  const rows = list.data?.rows ?? [];

  return (
    <ListPage
      title={t('accessCodeSets.title')}
      intro={t('accessCodeSets.intro')}
      query={list}
      page={page}
      onPage={setPage}
      emptyText={t('accessCodeSets.empty')}
      footer={
        <Button
          component={Link}
          to={paths.accessCodeSets.edit({ id: 'create' })}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('accessCodeSets.actions.create')}
        </Button>
      }
    >
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="sm" aria-label={t('accessCodeSets.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accessCodeSets.fields.name')}</Table.Th>
              <Table.Th>{t('accessCodeSets.fields.type')}</Table.Th>
              <Table.Th>{t('accessCodeSets.fields.modified')}</Table.Th>
              <Table.Th>{t('accessCodeSets.fields.validity')}</Table.Th>
              <Table.Th>{t('accessCodeSets.fields.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((set) => (
              <Table.Tr key={set.id}>
                <Table.Td>
                  <Text fw={600}>{set.name}</Text>
                  <Text size="xs" c="dimmed">
                    {set.internal_name}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`accessCodeSets.types.${set.type}`)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(set.modified)}</Text>
                  {set.email && (
                    <Text size="xs" c="dimmed">
                      {set.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {set.valid_from || set.valid_until
                      ? t('accessCodeSets.values.validity', {
                          from: formatDateTime(set.valid_from) || '…',
                          until: formatDateTime(set.valid_until) || '…',
                        })
                      : t('accessCodeSets.values.alwaysValid')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      component={Link}
                      to={paths.accessCodeSets.edit({ id: set.id })}
                      size="xs"
                      variant="light"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('accessCodeSets.actions.editNamed', { name: set.name })}
                    >
                      {t('accessCodeSets.actions.edit')}
                    </Button>
                    <Button
                      component={Link}
                      to={paths.accessCodeSets.codeUsage({ ident: set.id })}
                      size="xs"
                      variant="subtle"
                      leftSection={<IconChartBar size={14} aria-hidden />}
                      aria-label={t('accessCodeSets.actions.usageNamed', { name: set.name })}
                    >
                      {t('accessCodeSets.actions.usage')}
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

export { AccessCodeSetListPage as Component };
