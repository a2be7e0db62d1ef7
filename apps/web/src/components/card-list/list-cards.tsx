import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import type { GridColDef, GridRowIdGetter, GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { EmptyState, type GridEmptyOverlayProps } from '../grid-empty-overlay';
import { CardList, type CardSelection } from './card-list';
import { gridCards } from './grid-cards';

export interface ListCardsProps<R extends GridValidRowModel> {
  testId: string;
  label: string;
  rows: readonly R[];
  columns: readonly GridColDef<R>[];
  /** Columns the user (or the list) hid. */
  hidden: ReadonlySet<string>;
  getRowId?: GridRowIdGetter<R>;
  loading: boolean;
  empty: GridEmptyOverlayProps;
  onOpenRow?: (row: R) => void;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  /** -1 when the server only knows there are more. */
  count: number;
  onPage: (page: number, pageSize: number) => void;
  /** Check boxes on the cards (the grid's checkbox selection). */
  selection?: CardSelection<R>;
}

/** A server-paged grid's card form (phones): the same rows, values and actions, with the same paging. */
export function ListCards<R extends GridValidRowModel>(props: ListCardsProps<R>) {
  const { testId, label, rows, columns, hidden, getRowId, loading, empty, onOpenRow, page, pageSize, pageSizes, count, onPage, selection } =
    props;
  const rowId = useMemo(() => getRowId ?? ((row: R) => (row as unknown as { id: string | number }).id), [getRowId]);
  const cards = useMemo(() => gridCards(columns, rowId, hidden), [columns, rowId, hidden]);
  return (
    <Box data-testid={testId} data-layout="cards">
      <Box sx={{ height: 4 }}>{loading ? <LinearProgress /> : null}</Box>
      <CardList<R>
        rows={rows}
        rowKey={rowId}
        label={label}
        title={cards.title}
        fields={cards.fields}
        actions={cards.actions}
        onOpenRow={onOpenRow}
        selection={selection}
        empty={loading ? null : <EmptyState {...empty} />}
      />
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_, next) => onPage(next, pageSize)}
        onRowsPerPageChange={(event) => onPage(0, Number(event.target.value))}
        sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 1.5 } }}
      />
    </Box>
  );
}
