/**
 * The one table of campaigns: the campaign list, the admins' review queue
 * and a campaign's follow-ups each choose their columns (the common ones
 * from useCampaignColumns, their own beside them). A spinner while the rows
 * load, a text when there are none.
 */
import type { TCampaignRow } from '@backoffice/domain';
import { Anchor, Table, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StateNotice } from '../ui/state-notice';
import { useCampaignTitle } from './campaign-title';
import { campaignTypeLabel } from './campaign-type-label';

export interface CampaignColumn {
  /** Unique within one table. */
  id: string;
  header: string;
  /** The cell of one row; `title` is the row's campaign title (campaignTitle). */
  cell: (row: TCampaignRow, title: string) => ReactNode;
}

/** What the table needs of a query's state: its answer, once there is one, and whether it is still loading. */
export interface CampaignRowsQuery {
  data?: { rows: readonly TCampaignRow[] } | undefined;
  isPending: boolean;
}

export interface CampaignTableProps {
  /** The query whose answer holds the rows (a list, the review queue, the follow-ups). */
  query: CampaignRowsQuery;
  columns: readonly CampaignColumn[];
  /** The table's accessible name. */
  label: string;
  /** Each row's data-testid; the row carries data-campaign with the campaign's id too. */
  rowTestId: string;
  /** Said when there are no rows. */
  emptyText: string;
  /** Narrower containers scroll the table itself; without it the table takes the width it has. */
  minWidth?: number;
  horizontalSpacing?: MantineSpacing | number;
  /** Inside a card: a smaller spinner and empty text, and no table until there are rows. */
  compact?: boolean;
}

export function CampaignTable({
  query,
  columns,
  label,
  rowTestId,
  emptyText,
  minWidth,
  horizontalSpacing,
  compact = false,
}: CampaignTableProps) {
  const titleOf = useCampaignTitle();
  const rows = query.data?.rows;
  const loading = query.isPending;
  const table = (
    <Table
      striped
      highlightOnHover
      verticalSpacing="sm"
      {...(horizontalSpacing !== undefined ? { horizontalSpacing } : {})}
      aria-label={label}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.id}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(rows ?? []).map((row) => {
          const title = titleOf(row.title);
          return (
            <Table.Tr key={row.uuid} data-testid={rowTestId} data-campaign={row.uuid}>
              {columns.map((column) => (
                <Table.Td key={column.id}>{column.cell(row, title)}</Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  const size = compact ? 'inline' : 'page';
  // A compact table shows no bare header row while there is nothing to list.
  const showTable = !compact || (rows !== undefined && rows.length > 0);
  return (
    <>
      {showTable &&
        (minWidth === undefined ? (
          table
        ) : (
          <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
        ))}
      {loading && <StateNotice state="loading" size={size} />}
      {!loading && rows?.length === 0 && <StateNotice state="empty" text={emptyText} size={size} />}
    </>
  );
}

export interface TitleColumnOptions {
  /** Where the title links to. */
  to: (row: TCampaignRow) => string;
  /** The link's accessible name, when it should say more than the title. */
  linkLabel?: (title: string) => string;
  /** The campaign's id below its title. */
  withIdent?: boolean;
}

/** The columns that mean the same wherever campaigns are listed. */
export function useCampaignColumns() {
  const { t } = useTranslation();
  return {
    type: {
      id: 'type',
      header: t('campaigns.fields.type'),
      cell: (row) => campaignTypeLabel(t, row.type),
    } satisfies CampaignColumn,
    merchant: {
      id: 'merchant',
      header: t('campaigns.fields.merchant'),
      cell: (row) => row.merchant.name,
    } satisfies CampaignColumn,
    status: {
      id: 'status',
      header: t('campaigns.fields.status'),
      cell: (row) => t(`campaigns.statuses.${row.current_status}`),
    } satisfies CampaignColumn,
    title: ({ to, linkLabel, withIdent = false }: TitleColumnOptions): CampaignColumn => ({
      id: 'title',
      header: t('campaigns.fields.campaign'),
      cell: (row, title) => (
        <>
          <Anchor
            component={Link}
            to={to(row)}
            fw={600}
            {...(linkLabel ? { 'aria-label': linkLabel(title) } : {})}
          >
            {title}
          </Anchor>
          {withIdent && (
            <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {row.uuid}
            </Text>
          )}
        </>
      ),
    }),
  };
}
