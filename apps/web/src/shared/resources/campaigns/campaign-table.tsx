/**
 * The one table of campaigns: the campaign list, the admins' review queue
 * and a campaign's follow-ups each choose their columns (the common ones
 * from useCampaignColumns, their own beside them). A spinner while the rows
 * load, a text when there are none. Below a width the use chooses, each
 * campaign is a card instead of a row: the image beside
 * the title, the other columns as labelled values, the actions at its foot,
 * all within the screen's width.
 */
import type { TCampaignRow } from '@backoffice/domain';
import {
  Anchor,
  Box,
  Card,
  em,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  type MantineSpacing,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StateNotice } from '../../ui/state-notice';
import classes from './campaign-table.module.css';
import { useCampaignTitle } from './campaign-title';
import { campaignTypeLabel } from './campaign-type-label';

/** How a campaign is laid out: a table row, or a card on narrow screens. */
export type CampaignLayout = 'row' | 'card';
const ROW: CampaignLayout = 'row';
const CARD: CampaignLayout = 'card';

export interface CampaignColumn {
  /** Unique within one table. */
  id: string;
  header: string;
  /**
   * The cell of one row; `title` is the row's campaign title (campaignTitle),
   * `layout` whether it is shown in a table row or a card.
   */
  cell: (row: TCampaignRow, title: string, layout: CampaignLayout) => ReactNode;
  /**
   * Its place in a card: the image (`media`) beside the title (`title`),
   * the actions (`actions`) at its foot, every other column a labelled value.
   */
  place?: 'media' | 'title' | 'actions';
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
  /** Below this screen width (px) each campaign is a card instead of a table row. */
  cardsBelow?: number;
}

/** A media query that never matches: for tables that are never shown as cards. */
const NEVER = 'not all';

export function CampaignTable({
  query,
  columns,
  label,
  rowTestId,
  emptyText,
  minWidth,
  horizontalSpacing,
  compact = false,
  cardsBelow,
}: CampaignTableProps) {
  const titleOf = useCampaignTitle();
  // Read at once (not after a first render as a table): the page does not jump.
  const cards = useMediaQuery(
    cardsBelow === undefined ? NEVER : `(max-width: ${em(cardsBelow - 0.02)})`,
    false,
    { getInitialValueInEffect: false },
  );
  const rows = query.data?.rows;
  const loading = query.isPending;
  const table = (
    <Table
      striped
      highlightOnHover
      verticalSpacing="sm"
      {...(horizontalSpacing !== undefined ? { horizontalSpacing } : {})}
      aria-label={label}
      className={classes.table}
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
                <Table.Td key={column.id} data-column={column.id}>
                  {column.cell(row, title, ROW)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  const list = (
    <CampaignCards
      rows={rows ?? []}
      columns={columns}
      label={label}
      rowTestId={rowTestId}
      titleOf={titleOf}
    />
  );
  const size = compact ? 'inline' : 'page';
  // A compact table shows no bare header row while there is nothing to list.
  const showTable = !compact || (rows !== undefined && rows.length > 0);
  // Cards need rows: an empty list would be an empty box.
  const showCards = rows !== undefined && rows.length > 0;
  return (
    <>
      {showTable &&
        (cards ? (
          showCards && list
        ) : minWidth === undefined ? (
          table
        ) : (
          <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer>
        ))}
      {loading && <StateNotice state="loading" size={size} />}
      {!loading && rows?.length === 0 && <StateNotice state="empty" text={emptyText} size={size} />}
    </>
  );
}

interface CampaignCardsProps {
  rows: readonly TCampaignRow[];
  columns: readonly CampaignColumn[];
  label: string;
  rowTestId: string;
  titleOf: ReturnType<typeof useCampaignTitle>;
}

/** The campaigns as a list of cards: each column's value labelled with its header. */
function CampaignCards({ rows, columns, label, rowTestId, titleOf }: CampaignCardsProps) {
  const media = columns.filter((column) => column.place === 'media');
  const heads = columns.filter((column) => column.place === 'title');
  const actions = columns.filter((column) => column.place === 'actions');
  const fields = columns.filter((column) => column.place === undefined);
  return (
    <Stack component="ul" aria-label={label} gap="sm" className={classes.cards}>
      {rows.map((row) => {
        const title = titleOf(row.title);
        return (
          <Card
            component="li"
            key={row.uuid}
            withBorder
            radius="md"
            padding="sm"
            data-testid={rowTestId}
            data-campaign={row.uuid}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {media.map((column) => (
                <Box key={column.id} data-column={column.id} style={{ flexShrink: 0 }}>
                  {column.cell(row, title, CARD)}
                </Box>
              ))}
              <Box miw={0} style={{ flex: 1 }}>
                {heads.map((column) => (
                  <Box key={column.id} data-column={column.id}>
                    {column.cell(row, title, CARD)}
                  </Box>
                ))}
              </Box>
            </Group>
            {fields.length > 0 && (
              <SimpleGrid
                component="dl"
                cols={{ base: 2, sm: 3 }}
                spacing="sm"
                verticalSpacing="xs"
                mt="sm"
                mb={0}
              >
                {fields.map((column) => (
                  <div key={column.id} className={classes.field} data-column={column.id}>
                    <Text component="dt" size="xs" c="dimmed">
                      {column.header}
                    </Text>
                    <dd>{column.cell(row, title, CARD)}</dd>
                  </div>
                ))}
              </SimpleGrid>
            )}
            {actions.map((column) => (
              <Box
                key={column.id}
                mt="sm"
                pt="xs"
                className={classes.actions}
                data-column={column.id}
              >
                {column.cell(row, title, CARD)}
              </Box>
            ))}
          </Card>
        );
      })}
    </Stack>
  );
}

/** An id with a chance to break after each dash: never inside a group of digits. */
function identWithBreaks(ident: string): ReactNode {
  return ident.split(/(?<=-)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
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
      place: 'title',
      cell: (row, title, layout) => (
        <>
          {/* At most two lines in a row; the whole title is the link's tooltip. */}
          <Anchor
            component={Link}
            to={to(row)}
            fw={600}
            lineClamp={2}
            title={title}
            className={classes.title}
            {...(linkLabel ? { 'aria-label': linkLabel(title) } : {})}
          >
            {title}
          </Anchor>
          {withIdent && (
            // Never broken inside: an id is read and copied as one.
            <Text fz={11} c="dimmed" ff="monospace" className={classes.ident}>
              {/* Chromium breaks at a <wbr> even where nothing may wrap: only a card gets them. */}
              {layout === CARD ? identWithBreaks(row.uuid) : row.uuid}
            </Text>
          )}
        </>
      ),
    }),
  };
}
