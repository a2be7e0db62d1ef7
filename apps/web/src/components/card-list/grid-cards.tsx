import type { GridActionsColDef, GridColDef, GridRenderCellParams, GridRowParams, GridValidRowModel } from '@mui/x-data-grid';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import type { CardAction, CardField } from './card-list';

interface ActionItemProps {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  title?: string;
}

const isActions = <R extends GridValidRowModel>(column: GridColDef<R>): column is GridActionsColDef<R> => column.type === 'actions';

/** A column's value of a row, as the grid would compute it (valueGetter, then valueFormatter). */
function cellValue<R extends GridValidRowModel>(column: GridColDef<R>, row: R): { value: unknown; formattedValue: unknown } {
  const raw = (row as Record<string, unknown>)[column.field];
  // The grid's own apiRef is not there outside the grid: none of our getters and formatters read it.
  const value = column.valueGetter ? (column.valueGetter as (...args: unknown[]) => unknown)(raw, row, column, undefined) : raw;
  const formattedValue = column.valueFormatter
    ? (column.valueFormatter as (...args: unknown[]) => unknown)(value, row, column, undefined)
    : value;
  return { value, formattedValue };
}

/** What a grid cell shows, rendered outside the grid (its renderCell, or its formatted value). */
function renderCell<R extends GridValidRowModel>(column: GridColDef<R>, row: R, rowId: string | number): ReactNode {
  const { value, formattedValue } = cellValue(column, row);
  if (column.renderCell) {
    const params = { row, value, formattedValue, field: column.field, id: rowId, colDef: column } as unknown as GridRenderCellParams<R>;
    return column.renderCell(params);
  }
  return formattedValue === null || formattedValue === undefined ? '' : String(formattedValue as string | number);
}

export interface GridCards<R> {
  title: (row: R) => ReactNode;
  fields: CardField<R>[];
  actions: (row: R) => CardAction[];
}

/**
 * The card form of a grid's columns: the first column heads the card, the other visible ones
 * become its labelled lines, and the actions column's items become its buttons (the items'
 * `label`, `icon`, `onClick` read back from the `GridActionsCellItem` elements the column returns).
 */
export function gridCards<R extends GridValidRowModel>(
  columns: readonly GridColDef<R>[],
  rowId: (row: R) => string | number,
  hidden: ReadonlySet<string>,
): GridCards<R> {
  const shown = columns.filter((column) => !hidden.has(column.field) && column.field !== '__check__');
  const [first, ...rest] = shown.filter((column) => !isActions(column));
  const actionsColumn = shown.find(isActions);
  return {
    title: (row) => (first ? renderCell(first, row, rowId(row)) : null),
    fields: rest.map((column) => ({
      key: column.field,
      label: column.headerName ?? column.field,
      render: (row: R) => renderCell(column, row, rowId(row)),
    })),
    actions: (row) => {
      if (!actionsColumn) return [];
      const items = actionsColumn.getActions({ row, id: rowId(row), columns: [] } as unknown as GridRowParams<R>);
      const elements = (items as unknown[]).filter((item): item is ReactElement<ActionItemProps> => isValidElement(item));
      return elements.map((item, index) => ({
        key: item.key ?? index,
        label: item.props.label,
        icon: item.props.icon,
        onClick: () => item.props.onClick?.(),
        disabled: item.props.disabled,
        title: item.props.title,
      }));
    },
  };
}
