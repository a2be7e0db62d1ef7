import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { Suspense, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { correctedPage, nextSortOrder, sortFromChoice, type ServerListState, type SortOrder } from '../lib/list-state/list-state';
import type { ListHandle } from '../lib/list-state/use-list-state';
import type { ListCardsProps } from './card-list/list-cards';
import { useCardLayout } from './card-list/use-card-layout';
import type { ColumnDef } from './data-table/columns';
import { ColumnsButton, type ColumnVisibility } from './data-table/columns-button';
import { DataTable, type TableSelection } from './data-table/data-table';
import { ListPagination, PAGINATION_HEIGHT } from './data-table/list-pagination';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { LoadOrRetry } from './retry-alert';
import { lazyWhenReachable } from '../lib/lazy-page';

/** The parts of a TanStack list query (`{ data, total }` answers) the grid reads. */
export interface GridListQuery<R> {
  data: { data: R[]; total: number } | undefined;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  /** Waiting for the server to come back before asking (connection/query-connection.ts). */
  isPaused: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Rows ticked for bulk actions, by id, kept across pages. */
export interface ListSelection<R> {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** A row's check box's accessible name, naming the row (e.g. "Select Ana Lima, +33612345678"). */
  label: (row: R) => string;
}

export interface ServerDataGridProps<R, T extends ServerListState> {
  /** On the wrapper: `getByTestId(testId)` finds the list and its rows. */
  testId: string;
  /** The list's accessible name. */
  label: string;
  query: GridListQuery<R>;
  list: ListHandle<T>;
  columns: readonly ColumnDef<R>[];
  /** The row's id (default: its `id`). */
  getRowId?: (row: R) => string | number;
  /** The rows in all pages (default: the answer's total); -1 when the server only knows there are more. */
  rowCount?: number;
  /** With a row count of -1: whether to offer a next page. */
  hasNextPage?: boolean;
  /** What the list shows when the server has no rows for it. */
  empty: EmptyStateProps;
  /** Something else is working on the rows (e.g. copying one): the list shows it is loading. */
  busy?: boolean;
  /** Opens a row when it is clicked anywhere but on its actions, links, buttons or check box. */
  onOpenRow?: (row: R) => void;
  /** Rows take the focus and open on Enter (for lists whose rows have no link to tab to). */
  focusableRows?: boolean;
  /** The orders a header click steps through (null: back to the list's default). */
  sortingOrder?: readonly (SortOrder | null)[];
  rowHeight?: number;
  /** Columns hidden until the user shows them with the column chooser (which then shows above the table). */
  defaultHidden?: readonly string[];
  /** Which columns show, when the feature keeps it (e.g. remembered per browser). */
  columnVisibility?: ColumnVisibility;
  onColumnVisibilityChange?: (visibility: ColumnVisibility) => void;
  /** Above the table on a wide screen, given the column chooser to place. */
  toolbar?: (columnsButton: ReactNode) => ReactNode;
  selection?: ListSelection<R>;
  /** Space around the alert a failed load shows. */
  alertSx?: SxProps<Theme>;
  minHeight?: number;
  sx?: SxProps<Theme>;
  /** Above the cards on a phone, where the toolbar is not shown (e.g. the count). */
  cardsHeader?: ReactNode;
  /** Below the cards on a phone (e.g. the actions on the ticked cards). */
  cardsFooter?: ReactNode;
}

// The card form is the phone's: wide screens never download it.
const ListCards = lazyWhenReachable(() =>
  import('./card-list/list-cards').then((module) => ({ default: module.ListCards })),
) as unknown as <R>(props: ListCardsProps<R>) => ReactElement;

const defaultRowId = <R,>(row: R) => (row as { id: string | number }).id;

/**
 * A list the server pages (and sorts, when the list definition names sort fields), with its state
 * in a `ListHandle`: a guard that only asks for sorts the server knows, an empty state, a failed
 * load with Try again, and a page past the end corrected to the last page that has rows. A table
 * on a wide screen, cards on a phone, from the same columns. Features give it columns, texts and
 * what a row opens (decision 069: our table rather than MUI X Data Grid).
 */
export function ServerDataGrid<R, T extends ServerListState>(props: ServerDataGridProps<R, T>) {
  const {
    testId,
    label,
    query,
    list,
    columns,
    getRowId: rowIdOf = defaultRowId,
    rowCount,
    hasNextPage,
    empty,
    busy = false,
    onOpenRow,
    focusableRows = false,
    sortingOrder = ['asc', 'desc'],
    rowHeight = 52,
    defaultHidden,
    toolbar,
    selection,
    alertSx = { m: 2.5 },
    minHeight = 420,
    sx,
    cardsHeader,
    cardsFooter,
  } = props;
  const cards = useCardLayout();
  const getRowId = (row: R) => String(rowIdOf(row));
  const { definition, state, update } = list;
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  // A list waiting for the server to come back is loading too: it is not known to be empty.
  const loading = ((query.isFetching || query.isPaused) && !query.data) || query.isPlaceholderData || busy;

  const [ownVisibility, setOwnVisibility] = useState<ColumnVisibility>(() =>
    Object.fromEntries((defaultHidden ?? []).map((field) => [field, false])),
  );
  const visibility = props.columnVisibility ?? ownVisibility;
  const onVisibility = props.onColumnVisibilityChange ?? setOwnVisibility;
  const hidden = useMemo(() => new Set(Object.keys(visibility).filter((field) => visibility[field] === false)), [visibility]);
  const shown = useMemo(() => columns.filter((column) => !hidden.has(column.field)), [columns, hidden]);

  // A page past the end (rows deleted, or an old link): show the last page that has rows instead,
  // in place of the wrong page in history, so Back does not return to it.
  const settled = query.isSuccess && !query.isPlaceholderData;
  const corrected = settled ? correctedPage(state, { rows: rows.length, total }) : null;
  useEffect(() => {
    if (corrected !== null) update({ page: corrected } as Partial<T>, { replace: true });
  });

  const selected = useMemo(() => new Set(selection?.selectedIds ?? []), [selection?.selectedIds]);
  const tableSelection: TableSelection<R> | undefined = selection && {
    isSelected: (row) => selected.has(getRowId(row)),
    onToggle: (row, on) => {
      const id = getRowId(row);
      selection.onChange(on ? [...selection.selectedIds, id] : selection.selectedIds.filter((other) => other !== id));
    },
    onTogglePage: (pageRows, on) => {
      const ids = new Set(pageRows.map(getRowId));
      const others = selection.selectedIds.filter((id) => !ids.has(id));
      selection.onChange(on ? [...others, ...ids] : others);
    },
    label: selection.label,
  };

  const { sort, order = 'asc' } = state;
  const onSort = (field: string) => {
    const next = nextSortOrder(sort === field ? order : null, sortingOrder);
    update(
      sortFromChoice({ field, sort: next }, definition.sorts, {
        sort: definition.defaults.sort,
        order: definition.defaults.order ?? 'asc',
      }) as Partial<T>,
    );
  };
  const sortable = definition.sorts.length > 0;
  const count = rowCount ?? total;
  const onPage = (page: number, pageSize: number) => update({ page, pageSize } as Partial<T>);
  const pagination = (
    <ListPagination
      page={state.page}
      pageSize={state.pageSize}
      pageSizes={definition.pageSizes}
      count={count}
      hasNextPage={hasNextPage}
      onPage={onPage}
    />
  );

  if (cards) {
    return (
      <LoadOrRetry query={query} sx={alertSx}>
        {cardsHeader}
        <Suspense fallback={null}>
          <ListCards<R>
            testId={testId}
            label={label}
            rows={rows}
            columns={columns}
            hidden={hidden}
            rowId={getRowId}
            loading={loading}
            empty={empty}
            onOpenRow={onOpenRow}
            selection={tableSelection}
            pagination={pagination}
          />
        </Suspense>
        {cardsFooter}
      </LoadOrRetry>
    );
  }

  const columnsButton = <ColumnsButton columns={columns} visibility={visibility} onChange={onVisibility} />;
  return (
    <LoadOrRetry query={query} sx={alertSx}>
      <Box data-testid={testId} data-layout="table">
        {toolbar ? (
          toolbar(columnsButton)
        ) : defaultHidden ? (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1 }}>{columnsButton}</Box>
        ) : null}
        <DataTable<R>
          label={label}
          rows={rows}
          columns={shown}
          rowId={getRowId}
          rowHeight={rowHeight}
          loading={loading}
          empty={<EmptyState {...empty} />}
          // The whole list keeps `minHeight`: the footer under the table takes its share.
          minHeight={minHeight - PAGINATION_HEIGHT}
          sorted={sortable && sort ? { field: sort, direction: order } : undefined}
          onSort={sortable ? onSort : undefined}
          onOpenRow={onOpenRow}
          focusableRows={focusableRows}
          selection={tableSelection}
          sx={sx}
        />
        {pagination}
      </Box>
    </LoadOrRetry>
  );
}
