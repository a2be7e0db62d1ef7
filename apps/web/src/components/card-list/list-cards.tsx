import Box from '@mui/material/Box';
import { useMemo, type ReactNode } from 'react';
import type { ColumnDef } from '../data-table/columns';
import { LoadingBar } from '../data-table/loading-bar';
import { EmptyState, type EmptyStateProps } from '../empty-state';
import { CardList, type CardSelection } from './card-list';
import { gridCards } from './grid-cards';

export interface ListCardsProps<R> {
  testId: string;
  label: string;
  rows: readonly R[];
  columns: readonly ColumnDef<R>[];
  /** Columns the user (or the list) hid. */
  hidden: ReadonlySet<string>;
  rowId: (row: R) => string;
  loading: boolean;
  empty: EmptyStateProps;
  onOpenRow?: ((row: R) => void) | undefined;
  /** Check boxes on the cards (the table's check box column). */
  selection?: CardSelection<R> | undefined;
  /** The list's paging, the same as under the table. */
  pagination: ReactNode;
}

/** A server-paged list's card form (phones): the same rows, values and actions, with the same paging. */
export function ListCards<R>(props: ListCardsProps<R>) {
  const { testId, label, rows, columns, hidden, rowId, loading, empty, onOpenRow, selection, pagination } = props;
  const cards = useMemo(() => gridCards(columns, hidden), [columns, hidden]);
  return (
    <Box data-testid={testId} data-layout="cards">
      <Box sx={{ height: 4 }}>{loading ? <LoadingBar height={4} /> : null}</Box>
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
      {pagination}
    </Box>
  );
}
