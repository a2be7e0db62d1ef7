import type { ReactElement, ReactNode } from 'react';
import type { RowActionProps } from './row-action';

/** What a cell renderer receives: the row, the field's value and that value formatted. */
export interface CellParams<R> {
  row: R;
  field: string;
  value: unknown;
  formattedValue: unknown;
}

interface ColumnBase {
  field: string;
  headerName?: string;
  /** A fixed width in pixels, or `flex` (a share of the space left) from `minWidth` up. */
  width?: number;
  flex?: number;
  minWidth?: number;
  /** Whether its header sorts the list (the server must know the field). */
  sortable?: boolean;
  /** False: always shown, left out of the column chooser. */
  hideable?: boolean;
}

/** A column showing one value of the row: its text (formatted) or what `renderCell` draws. */
export interface ValueColumn<R> extends ColumnBase {
  /** 'number': aligned to the end, as figures are. */
  type?: 'string' | 'number';
  /**
   * 'ltr': a value written left to right in any language (e-mail address, phone number), kept so in
   * right-to-left pages, where it is cut at its end rather than its start.
   */
  dir?: 'ltr';
  /** The field's value as text; `never` so that each column names the type of its own field. */
  valueFormatter?: (value: never, row: R) => unknown;
  renderCell?: (params: CellParams<R>) => ReactNode;
}

/** The row's buttons (`RowAction` elements): in the last cell on a wide screen, on the card on a phone. */
export interface ActionsColumn<R> extends ColumnBase {
  type: 'actions';
  getActions: (params: { row: R }) => ReactElement<RowActionProps>[];
}

/** A column of a list (the table's on a wide screen, a card's line on a phone). */
export type ColumnDef<R> = ValueColumn<R> | ActionsColumn<R>;

export const isActionsColumn = <R>(column: ColumnDef<R>): column is ActionsColumn<R> => column.type === 'actions';

/** A column's value of a row and that value formatted (its `valueFormatter`, else the value itself). */
export function cellValue<R>(column: ValueColumn<R>, row: R): { value: unknown; formattedValue: unknown } {
  const value = (row as Record<string, unknown>)[column.field];
  const formattedValue = column.valueFormatter ? (column.valueFormatter as (value: unknown, row: R) => unknown)(value, row) : value;
  return { value, formattedValue };
}

/** What a cell shows: its renderCell, or its formatted value as text. */
export function renderCellContent<R>(column: ValueColumn<R>, row: R): ReactNode {
  const { value, formattedValue } = cellValue(column, row);
  if (column.renderCell) return column.renderCell({ row, field: column.field, value, formattedValue });
  return formattedValue === null || formattedValue === undefined ? '' : String(formattedValue as string | number);
}
