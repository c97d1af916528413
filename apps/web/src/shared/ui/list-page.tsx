/**
 * The skeleton of a list screen (docs/product.md#screens-and-routes): the title with its intro and a
 * spinner while the page loads, filters above the table, the table, a quiet
 * text when the loaded page has no rows, and a footer with the screen's own
 * actions (a create button) and the pager, once the first page is there.
 * Failed loads show the client's alert (docs/product.md#messages); the table keeps what it
 * had.
 */
import type { TPager } from '@backoffice/domain';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from './list-pager';

/** What the skeleton reads of the list's query (TanStack Query's result fits). */
export interface ListPageQuery {
  isFetching: boolean;
  isSuccess: boolean;
  data?: { rows: readonly unknown[]; pager: TPager } | undefined;
}

export interface ListPageProps {
  title: string;
  intro?: string;
  query: ListPageQuery;
  /** The page shown and how to show another (useListPaging, or the URL). */
  page: number;
  onPage: (page: number) => void;
  /** Filters or a search above the table. */
  filters?: ReactNode;
  /** Shown below the table when the loaded page has no rows; leave out where the table says so itself. */
  emptyText?: string;
  /** The footer's start, left of the pager (e.g. a create button). */
  footer?: ReactNode;
  /** The table, and what belongs to the screen besides (dialogs). */
  children: ReactNode;
}

export function ListPage({
  title,
  intro,
  query,
  page,
  onPage,
  filters,
  emptyText,
  footer,
  children,
}: ListPageProps) {
  const { t } = useTranslation();
  const empty = emptyText !== undefined && query.isSuccess && query.data?.rows.length === 0;
  // The footer comes with the first page: shown above the loading table, it
  // would jump down when the rows arrive (a layout shift).
  const firstLoad = query.data === undefined && query.isFetching;
  return (
    <Stack gap="md" py="md">
      <Group justify="space-between">
        <div>
          <Title order={1}>{title}</Title>
          {intro && (
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          )}
        </div>
        {query.isFetching && <Loader size="sm" aria-label={t('app.loading')} />}
      </Group>
      {filters}
      {children}
      {empty && <Text c="dimmed">{emptyText}</Text>}
      {!firstLoad && (
        <Group justify={footer ? 'space-between' : 'flex-end'}>
          {footer}
          <ListPager pager={query.data?.pager} page={page} onPage={onPage} />
        </Group>
      )}
    </Stack>
  );
}
