import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../../lib/list-state/list-state';
import { isActionsColumn, renderCellContent, type ColumnDef } from './columns';
import { LoadingBar } from './loading-bar';

/** Ticking rows for the list's bulk actions; the header's box ticks or clears the whole page. */
export interface TableSelection<R> {
  isSelected: (row: R) => boolean;
  onToggle: (row: R, selected: boolean) => void;
  onTogglePage: (rows: readonly R[], selected: boolean) => void;
  /** The check box's accessible name, naming the row. */
  label: (row: R) => string;
}

export interface DataTableProps<R> {
  label: string;
  rows: readonly R[];
  /** The visible columns, in order. */
  columns: readonly ColumnDef<R>[];
  rowId: (row: R) => string;
  rowHeight: number;
  loading: boolean;
  /** Shown in place of the rows when there are none (and nothing is loading). */
  empty: ReactNode;
  minHeight: number;
  /** The column the rows are sorted by, as the server sorted them. */
  sorted?: { field: string; direction: SortOrder } | undefined;
  /** A click on a sortable column's header. */
  onSort?: (field: string) => void;
  onOpenRow?: ((row: R) => void) | undefined;
  /** Rows take the focus (in the tab order) and open on Enter. */
  focusableRows?: boolean;
  selection?: TableSelection<R> | undefined;
  sx?: SxProps<Theme>;
}

const CHECK_WIDTH = 52;
const HEADER_HEIGHT = 56;
/** A click on these inside a row is theirs, not the row's. */
const INTERACTIVE = 'a, button, input, [role=button], [data-field="__check__"]';

/** A column's track: a fixed width, or a share of the room left from its minimum width up. */
const track = <R,>(column: ColumnDef<R>) =>
  column.flex ? `minmax(${column.minWidth ?? 50}px, ${column.flex}fr)` : `${column.width ?? column.minWidth ?? 100}px`;
const minimum = <R,>(column: ColumnDef<R>) => (column.flex ? (column.minWidth ?? 50) : (column.width ?? column.minWidth ?? 100));

const ELLIPSIS = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A page of a server-paged list as an HTML table: sortable headers (the server sorts), a check box
 * column, an actions column, a row that opens its item on click. Every row is a CSS grid on the
 * same tracks, so fixed and flexible widths line up without measuring, and rows keep one height.
 * It is the wide-screen form of `ServerDataGrid`; phones get the same columns as cards.
 */
export function DataTable<R>(props: DataTableProps<R>) {
  const { label, rows, columns, rowId, rowHeight, loading, empty, minHeight, sorted, onSort, onOpenRow, focusableRows, selection, sx } =
    props;
  const { t } = useTranslation('common');
  const template = [...(selection ? [`${CHECK_WIDTH}px`] : []), ...columns.map(track)].join(' ');
  const minWidth = (selection ? CHECK_WIDTH : 0) + columns.reduce((sum, column) => sum + minimum(column), 0);
  const ticked = selection ? rows.filter((row) => selection.isSelected(row)).length : 0;

  const onRowClick = (row: R) => (event: MouseEvent<HTMLTableRowElement>) => {
    if (onOpenRow && !(event.target as HTMLElement).closest(INTERACTIVE)) onOpenRow(row);
  };

  return (
    <Box sx={[{ position: 'relative', minHeight, overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]} data-table-viewport="">
      <Box sx={{ position: 'absolute', insetInline: 0, top: HEADER_HEIGHT - 2, height: 2, zIndex: 1 }}>
        {loading ? <LoadingBar /> : null}
      </Box>
      <Box
        component="table"
        aria-label={label}
        aria-busy={loading || undefined}
        sx={{
          display: 'block',
          minWidth,
          borderCollapse: 'collapse',
          '& thead, & tbody': { display: 'block' },
          '& tr': { display: 'grid', gridTemplateColumns: template, borderBottom: 1, borderColor: 'divider' },
          '& th, & td': { display: 'flex', alignItems: 'center', minWidth: 0, px: 1.25, overflow: 'hidden', textAlign: 'start' },
          '& th': { height: HEADER_HEIGHT, typography: 'body2', fontWeight: 600, color: 'text.primary' },
          '& td': { height: rowHeight, typography: 'body2' },
          '& [data-type="number"]': { justifyContent: 'flex-end', textAlign: 'end' },
          '& [data-field="__check__"]': { justifyContent: 'center', px: 0 },
          '& tbody tr[data-selected]': { bgcolor: 'action.selected' },
          '& tbody tr:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          ...(onOpenRow
            ? { '& tbody tr[data-row]': { cursor: 'pointer' }, '& tbody tr[data-row]:hover': { bgcolor: 'action.hover' } }
            : {}),
        }}
      >
        <thead>
          <tr>
            {selection ? (
              <th data-field="__check__" scope="col">
                <Checkbox
                  size="small"
                  checked={rows.length > 0 && ticked === rows.length}
                  indeterminate={ticked > 0 && ticked < rows.length}
                  disabled={rows.length === 0}
                  onChange={(event) => selection.onTogglePage(rows, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('table.selectPage') } }}
                />
              </th>
            ) : null}
            {columns.map((column) => {
              const sortable = Boolean(onSort && column.sortable && !isActionsColumn(column));
              const direction = sorted?.field === column.field ? sorted.direction : undefined;
              const name = column.headerName ?? '';
              return (
                <th
                  key={column.field}
                  scope="col"
                  data-field={column.field}
                  data-type={column.type}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  {sortable ? (
                    <TableSortLabel
                      active={Boolean(direction)}
                      direction={direction ?? 'asc'}
                      onClick={() => onSort?.(column.field)}
                      sx={{ minWidth: 0, ...(column.type === 'number' ? { flexDirection: 'row-reverse' } : {}) }}
                    >
                      <Box component="span" sx={ELLIPSIS} title={name}>
                        {name}
                      </Box>
                    </TableSortLabel>
                  ) : (
                    <Box component="span" sx={ELLIPSIS} title={name}>
                      {name}
                    </Box>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !loading ? (
            <tr style={{ display: 'block', borderBottom: 0 }}>
              <td colSpan={columns.length + (selection ? 1 : 0)} style={{ display: 'block', height: 'auto' }}>
                {empty}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => {
            const selected = selection?.isSelected(row) ?? false;
            return (
              <tr
                key={rowId(row)}
                data-row=""
                data-selected={selected || undefined}
                onClick={onRowClick(row)}
                {...(focusableRows && onOpenRow
                  ? {
                      tabIndex: 0,
                      onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
                        if (event.key === 'Enter' && event.target === event.currentTarget) onOpenRow(row);
                      },
                    }
                  : {})}
              >
                {selection ? (
                  <td data-field="__check__">
                    <Checkbox
                      size="small"
                      checked={selected}
                      onChange={(event) => selection.onToggle(row, event.target.checked)}
                      slotProps={{ input: { 'aria-label': selection.label(row) } }}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.field} data-field={column.field} data-type={column.type}>
                    {isActionsColumn(column) ? (
                      <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>{column.getActions({ row })}</Box>
                    ) : column.renderCell ? (
                      renderCellContent(column, row)
                    ) : (
                      <Box component="span" sx={ELLIPSIS} dir={column.dir}>
                        {renderCellContent(column, row)}
                      </Box>
                    )}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Box>
    </Box>
  );
}
