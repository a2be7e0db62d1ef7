import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { DataGrid, type DataGridProps, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useDataGridLocaleText } from '../lib/i18n/use-data-grid-locale-text';
import { correctedPage, lastPage, sortFromModel, type ServerListState } from '../lib/list-state/list-state';
import type { ListHandle } from '../lib/list-state/use-list-state';
import type { CardSelection } from './card-list/card-list';
import { ListCards } from './card-list/list-cards';
import { useCardLayout } from './card-list/use-card-layout';
import { GridEmptyOverlay, type GridEmptyOverlayProps } from './grid-empty-overlay';
import { LoadOrRetry } from './retry-alert';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    empty?: GridEmptyOverlayProps;
  }
}

function EmptyOverlay({ empty }: { empty?: GridEmptyOverlayProps }) {
  return empty ? <GridEmptyOverlay {...empty} /> : null;
}

/** The parts of a TanStack list query (`{ data, total }` answers) the grid reads. */
export interface GridListQuery<R> {
  data: { data: R[]; total: number } | undefined;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** What the grid decides itself; the rest of the Data Grid's props pass through. */
type Wired =
  | 'rows'
  | 'loading'
  | 'label'
  | 'paginationMode'
  | 'sortingMode'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'sortModel'
  | 'onSortModelChange'
  | 'pageSizeOptions'
  | 'localeText'
  | 'onRowClick';

export interface ServerDataGridProps<R extends GridValidRowModel, T extends ServerListState> extends Omit<DataGridProps<R>, Wired> {
  /** On the wrapper: `getByTestId(testId)` finds the grid and its rows. */
  testId: string;
  /** The grid's accessible name. */
  label: string;
  query: GridListQuery<R>;
  list: ListHandle<T>;
  /** What the grid shows when the server has no rows for it. */
  empty: GridEmptyOverlayProps;
  /** Something else is working on the rows (e.g. copying one): the grid shows it is loading. */
  busy?: boolean;
  /** Opens a row when it is clicked anywhere but on its actions, links, buttons or check box. */
  onOpenRow?: (row: R) => void;
  /** Space around the alert a failed load shows. */
  alertSx?: SxProps<Theme>;
  minHeight?: number;
  /** Above the cards on a phone, where the grid's toolbar is not shown (e.g. the count). */
  cardsHeader?: ReactNode;
  /** Below the cards on a phone (e.g. the actions on the ticked cards). */
  cardsFooter?: ReactNode;
  /** The check boxes of the cards, when the grid has `checkboxSelection`. */
  cardSelection?: CardSelection<R>;
}

const INTERACTIVE = '[data-field="actions"], [data-field="__check__"], a, button, input';

/**
 * A list the server pages (and sorts, when the list definition names sort fields), with its state
 * in a `ListHandle`: stable models, a guard that only asks for sorts the server knows, the
 * language's grid texts, an empty state, a failed load with Try again, and a page past the end
 * corrected to the last page that has rows. Features give it columns, texts and what a row opens.
 */
export function ServerDataGrid<R extends GridValidRowModel, T extends ServerListState>(props: ServerDataGridProps<R, T>) {
  const {
    testId,
    label,
    query,
    list,
    empty,
    busy = false,
    onOpenRow,
    alertSx = { m: 2.5 },
    minHeight = 420,
    rowCount,
    slots,
    slotProps,
    sx,
    cardsHeader,
    cardsFooter,
    cardSelection,
    ...rest
  } = props;
  const cards = useCardLayout();
  const localeText = useDataGridLocaleText();
  const { definition, state, update } = list;
  const rows = query.data?.data ?? [];
  const total = query.data?.total ?? 0;

  // Stable models: a new object each render reads as a change, and the grid then jumps to page 1.
  const { page, pageSize, sort, order = 'asc' } = state;
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const sortModel = useMemo<GridSortModel>(() => (sort ? [{ field: sort, sort: order }] : []), [sort, order]);

  // A page past the end (rows deleted, or an old link): show the last page that has rows instead,
  // in place of the wrong page in history, so Back does not return to it.
  const settled = query.isSuccess && !query.isPlaceholderData;
  const corrected = settled ? correctedPage(state, { rows: rows.length, total }) : null;
  useEffect(() => {
    if (corrected !== null) update({ page: corrected } as Partial<T>, { replace: true });
  });

  const onPaginationModelChange = (model: GridPaginationModel) => {
    // The grid also steps back by itself once the count no longer reaches the page shown: that is
    // the same correction, not a step the user took.
    const correcting = model.page < page && page > lastPage(total, pageSize);
    update({ page: model.page, pageSize: model.pageSize } as Partial<T>, { replace: correcting });
  };
  const sortable = definition.sorts.length > 0;
  const onSortModelChange = (model: GridSortModel) =>
    update(
      sortFromModel(model, definition.sorts, { sort: definition.defaults.sort, order: definition.defaults.order ?? 'asc' }) as Partial<T>,
    );

  if (cards) {
    const hidden = rest.columnVisibilityModel ?? rest.initialState?.columns?.columnVisibilityModel ?? {};
    return (
      <LoadOrRetry query={query} sx={alertSx}>
        {cardsHeader}
        <ListCards<R>
          testId={testId}
          label={label}
          rows={rows}
          columns={rest.columns}
          hidden={new Set(Object.keys(hidden).filter((field) => hidden[field] === false))}
          getRowId={rest.getRowId}
          loading={(query.isFetching && !query.data) || query.isPlaceholderData || busy}
          empty={empty}
          onOpenRow={onOpenRow}
          page={page}
          pageSize={pageSize}
          pageSizes={definition.pageSizes}
          count={rowCount ?? total}
          onPage={(next, size) => update({ page: next, pageSize: size } as Partial<T>)}
          selection={cardSelection}
        />
        {cardsFooter}
      </LoadOrRetry>
    );
  }

  return (
    <LoadOrRetry query={query} sx={alertSx}>
      <Box data-testid={testId}>
        <DataGrid<R>
          sortingOrder={['asc', 'desc']}
          disableColumnFilter
          disableRowSelectionOnClick
          {...rest}
          label={label}
          rows={rows}
          rowCount={rowCount ?? total}
          loading={(query.isFetching && !query.data) || query.isPlaceholderData || busy}
          paginationMode="server"
          paginationModel={paginationModel}
          onPaginationModelChange={onPaginationModelChange}
          pageSizeOptions={[...definition.pageSizes]}
          {...(sortable ? { sortingMode: 'server' as const, sortModel, onSortModelChange } : { disableColumnSorting: true })}
          localeText={localeText}
          onRowClick={
            onOpenRow
              ? ({ row }, event) => {
                  if (!(event.target as HTMLElement).closest(INTERACTIVE)) onOpenRow(row);
                }
              : undefined
          }
          slots={{ noRowsOverlay: EmptyOverlay, ...slots }}
          slotProps={{ ...slotProps, noRowsOverlay: { empty } }}
          sx={[
            { border: 0, minHeight, '& .MuiDataGrid-cell:focus-within': { outlineOffset: -2 } },
            Boolean(onOpenRow) && { '& .MuiDataGrid-row': { cursor: 'pointer' } },
            ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx]),
          ]}
        />
      </Box>
    </LoadOrRetry>
  );
}
