/**
 * The skeleton of a list screen (docs/product.md#screens-and-routes): the title with its intro and a
 * spinner while the page loads, filters above the table, and the table
 * (a DataTable, with its states, footer and pager) with what belongs to the
 * screen besides (dialogs). Failed loads show the client's alert (docs/product.md#messages);
 * the table keeps what it had.
 */
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListPageProps {
  title: string;
  intro?: string;
  /** The list is loading (a first page, another page, a filter). */
  busy: boolean;
  /** Filters or a search above the table. */
  filters?: ReactNode;
  /** The table, and what belongs to the screen besides (dialogs). */
  children: ReactNode;
}

export function ListPage({ title, intro, busy, filters, children }: ListPageProps) {
  const { t } = useTranslation();
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
        {busy && <Loader size="sm" aria-label={t('app.loading')} />}
      </Group>
      {filters}
      {children}
    </Stack>
  );
}
