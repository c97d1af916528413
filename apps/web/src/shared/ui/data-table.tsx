/**
 * The one table of the list screens (docs/product.md#screens-and-routes): TanStack Table's column
 * definitions rendered on Mantine's Table. The screen gives the columns
 * (dataColumns<Row>() builds them), the rows (undefined while the first load
 * runs) and how each row is named in tests; the table shows a spinner while
 * it loads, the failed load with another try when there are no rows to keep,
 * a quiet text when the loaded list is empty, and below the rows the
 * screen's footer (a create button) beside the pager, once the first page is
 * there. Row actions name their row in their accessible names (the columns
 * do so); the page lives where the screen keeps it (useUrlPaging: the URL).
 */
import type { TPager } from '@backoffice/domain';
import { em, Group, Table, type MantineSpacing } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createColumnHelper,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ColumnHelper,
  type RowData,
} from '@tanstack/react-table';
import type { ReactNode, Ref } from 'react';
import { ListPager } from './list-pager';
import { LoadFailed, type LoadingQuery } from './query-state';
import { StateNotice } from './state-notice';

/** A media query that never matches: for tables that are never shown as cards. */
const NEVER = 'not all';

/** How a column's cells are set, beyond what they show. */
export interface DataColumnMeta {
  /** Numbers: header and cells right-aligned. */
  align?: 'right';
  /** Values read as one (a queue's name, a date): never wrapped. */
  nowrap?: boolean;
  /** The row's name: its cell in bold. */
  strong?: boolean;
}

const columnMeta: DataColumnMeta = {};
const features = tableFeatures({ columnMeta });
type DataFeatures = typeof features;

/** One column of a DataTable over rows of type Row. */
// The columns of one table hold different value types; TanStack's own helper types them `any`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<Row extends RowData> = ColumnDef<DataFeatures, Row, any>;

/** The column helper for a DataTable over rows of type Row (accessor, display, columns). */
export const dataColumns = <Row extends RowData>(): ColumnHelper<DataFeatures, Row> =>
  createColumnHelper<DataFeatures, Row>();

/**
 * A header's or cell's content: its text, or its function called with the
 * context. Called, not mounted as a component (as TanStack's FlexRender
 * does): columns built afresh on each render then do not remount their
 * cells, so a focused checkbox in a row keeps its focus while it is saved.
 * Cells hold no hooks.
 */
function render<Context>(
  content: string | ((context: Context) => ReactNode) | undefined,
  context: Context,
): ReactNode {
  return typeof content === 'function' ? content(context) : content;
}

/** The list's page, as the server's pager counts it, and how to show another. */
export interface DataTablePaging {
  pager: TPager | undefined;
  page: number;
  onPage: (page: number) => void;
}

/**
 * What the table reads of the rows' query (a `useQuery` result fits): whether
 * it still loads, and, with the rest of a query, its failure.
 */
export type DataTableQuery = { isPending: boolean } | (LoadingQuery & { isPending: boolean });

/** A row's data attributes (data-testid, data-key …) and its aria-current. */
export type RowAttributes = Partial<Record<`data-${string}`, string>> & {
  'aria-current'?: 'true' | undefined;
};

export interface DataTableProps<Row extends RowData> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataColumn<Row>[];
  /** The rows to show; undefined until the first load answered. */
  rows: readonly Row[] | undefined;
  /** A row's stable key (its id). */
  rowKey: (row: Row) => string;
  /** Each row's data attributes (a data-testid the tests find it by). */
  rowAttributes?: (row: Row) => RowAttributes;
  /** The query behind the rows: its spinner, and its failure while there are no rows. */
  query?: DataTableQuery;
  /** Said when the loaded list has no rows; leave out where the screen says so itself. */
  emptyText?: string;
  /** Narrower containers scroll the table itself; without it the table takes the width it has. */
  minWidth?: number;
  verticalSpacing?: MantineSpacing;
  horizontalSpacing?: MantineSpacing | number;
  /** Rows light up under the pointer. */
  highlightOnHover?: boolean;
  /** A border around the table (tables inside a page's tabs). */
  withTableBorder?: boolean;
  className?: string;
  /** The table element, e.g. to take the focus back after a row's deletion (it is focusable then). */
  tableRef?: Ref<HTMLTableElement>;
  /** Inside a card: a smaller spinner and empty text, and no header row until there are rows. */
  compact?: boolean;
  /**
   * Below this screen width (px) the rows are shown by `render` (cards)
   * instead of as table rows; read at once, so that the page does not jump.
   */
  cards?: { below: number; render: (rows: readonly Row[]) => ReactNode };
  /** The server's pages: the pager below the table. */
  paging?: DataTablePaging;
  /** The footer's start, left of the pager (e.g. a create button). */
  footer?: ReactNode;
}

export function DataTable<Row extends RowData>({
  label,
  columns,
  rows,
  rowKey,
  rowAttributes,
  query,
  emptyText,
  minWidth,
  verticalSpacing = 'sm',
  horizontalSpacing,
  highlightOnHover = false,
  withTableBorder = false,
  className,
  tableRef,
  compact = false,
  cards,
  paging,
  footer,
}: DataTableProps<Row>) {
  const asCards = useMediaQuery(
    cards === undefined ? NEVER : `(max-width: ${em(cards.below - 0.02)})`,
    false,
    { getInitialValueInEffect: false },
  );
  const table = useTable({
    features,
    columns: columns as DataColumn<Row>[],
    data: rows ?? [],
    getRowId: (row) => rowKey(row),
  });
  const loading = query?.isPending ?? rows === undefined;
  const failure = query && 'refetch' in query && query.isError ? query : undefined;
  const failed = rows === undefined && failure !== undefined;
  const empty = rows !== undefined && rows.length === 0;
  const size = compact ? 'inline' : 'page';
  // A compact table shows no bare header row while there is nothing to list.
  const showTable = !failed && (!compact || (rows !== undefined && rows.length > 0));
  // The footer comes with the first page: shown above the loading table, it
  // would jump down when the rows arrive (a layout shift).
  const showFooter = (paging !== undefined || footer !== undefined) && rows !== undefined;

  const grid = (
    <Table
      ref={tableRef}
      {...(tableRef ? { tabIndex: -1 } : {})}
      striped
      highlightOnHover={highlightOnHover}
      withTableBorder={withTableBorder}
      verticalSpacing={verticalSpacing}
      {...(horizontalSpacing !== undefined ? { horizontalSpacing } : {})}
      aria-label={label}
      className={className}
    >
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id}>
            {group.headers.map((header) => (
              <Table.Th key={header.id} ta={header.column.columnDef.meta?.align}>
                {header.isPlaceholder
                  ? null
                  : render(header.column.columnDef.header, header.getContext())}
              </Table.Th>
            ))}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody>
        {table.getRowModel().rows.map((row) => (
          <Table.Tr key={row.id} {...rowAttributes?.(row.original)}>
            {row.getAllCells().map((cell) => {
              const meta = cell.column.columnDef.meta;
              return (
                <Table.Td
                  key={cell.id}
                  data-column={cell.column.id}
                  ta={meta?.align}
                  fw={meta?.strong ? 600 : undefined}
                  style={meta?.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {render(cell.column.columnDef.cell, cell.getContext())}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <>
      {showTable &&
        (asCards && cards ? (
          rows !== undefined && rows.length > 0 && cards.render(rows)
        ) : minWidth === undefined ? (
          grid
        ) : (
          <Table.ScrollContainer minWidth={minWidth}>{grid}</Table.ScrollContainer>
        ))}
      {failure && failed && <LoadFailed query={failure} />}
      {loading && !failed && <StateNotice state="loading" size={size} />}
      {!loading && empty && emptyText !== undefined && (
        <StateNotice state="empty" text={emptyText} size={size} />
      )}
      {showFooter && (
        <Group justify={footer ? 'space-between' : 'flex-end'}>
          {footer}
          {paging && <ListPager {...paging} />}
        </Group>
      )}
    </>
  );
}
