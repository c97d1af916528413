/**
 * The merchant selection modal (docs/product.md#merchant-selection): a filter
 * (debounced for the autocomplete search type), a paged table of merchants,
 * a create button, and a close button only when the modal is closable.
 */
import { pageCount, type MerchantSearchType, type TMerchantSummary } from '@backoffice/domain';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merchantLevelLabel } from '../../../shared/resources/merchants/merchant-level';
import { useMerchants } from '../../../shared/resources/merchants/get-merchants';

/** Typing pauses this long before the autocomplete filter asks the server. */
export const FILTER_DEBOUNCE_MS = 300;

export interface MerchantSelectModalProps {
  opened: boolean;
  closable: boolean;
  searchType: MerchantSearchType | null;
  currentMerchantId: string | undefined;
  onClose: () => void;
  onSelect: (merchant: TMerchantSummary) => void;
  onCreate: () => void;
  /** Offered while the modal cannot be closed, so that nobody is trapped in it. */
  onSignOut: () => void;
}

export function MerchantSelectModal(props: MerchantSelectModalProps) {
  const { t } = useTranslation();
  const { opened, closable, onClose } = props;
  return (
    <Modal
      opened={opened}
      onClose={closable ? onClose : () => undefined}
      title={t('merchantSelection.title')}
      size="xl"
      withCloseButton={closable}
      closeOnClickOutside={closable}
      closeOnEscape={closable}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      {/* Mounted only while open, so every opening starts on page 1 without a filter. */}
      {opened && <MerchantSelectContent {...props} />}
    </Modal>
  );
}

function MerchantSelectContent({
  closable,
  searchType,
  currentMerchantId,
  onSelect,
  onCreate,
  onSignOut,
}: MerchantSelectModalProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedFilter] = useDebouncedValue(
    filter.trim(),
    searchType === 'autocomplete' ? FILTER_DEBOUNCE_MS : 0,
  );
  const query = useMerchants({ page, filter: debouncedFilter || undefined });
  const rows = query.data?.rows ?? [];
  const pager = query.data?.pager;
  const totalPages = pager ? pageCount(pager) : 1;

  return (
    <Stack gap="md">
      <TextInput
        label={t('merchantSelection.filterLabel')}
        placeholder={t('merchantSelection.filterPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={query.isFetching ? <Loader size="xs" /> : null}
        value={filter}
        onChange={(event) => {
          setFilter(event.currentTarget.value);
          setPage(1);
        }}
        data-autofocus
      />
      <Table.ScrollContainer minWidth={480}>
        <Table striped highlightOnHover aria-label={t('merchantSelection.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.brandName')}</Table.Th>
              <Table.Th>{t('fields.level')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((merchant) => (
              <Table.Tr
                key={merchant.uuid}
                aria-current={merchant.uuid === currentMerchantId ? 'true' : undefined}
              >
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onSelect(merchant)}
                    aria-label={t('merchantSelection.selectNamed', { name: merchant.name })}
                    fw={600}
                    c="blue"
                  >
                    {merchant.name}
                  </UnstyledButton>
                  {merchant.uuid === currentMerchantId && (
                    <Badge ml="xs" size="xs" variant="light">
                      {t('merchantSelection.current')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{merchant.brand_name ?? ''}</Table.Td>
                <Table.Td>{merchantLevelLabel(t, merchant.level)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center">
          {t('merchantSelection.empty')}
        </Text>
      )}
      {query.isPending && (
        <Group justify="center">
          <Loader size="sm" aria-label={t('app.loading')} />
        </Group>
      )}
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onCreate}
          >
            {t('merchantSelection.create')}
          </Button>
          {!closable && (
            <Button variant="subtle" color="gray" onClick={onSignOut}>
              {t('actions.signOut')}
            </Button>
          )}
        </Group>
        {totalPages > 1 && (
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            size="sm"
            aria-label={t('pagination.label')}
            getItemProps={(itemPage) => ({
              'aria-label': t('pagination.page', { page: itemPage }),
            })}
            getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          />
        )}
      </Group>
    </Stack>
  );
}
