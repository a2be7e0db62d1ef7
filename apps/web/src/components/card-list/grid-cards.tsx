import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { isActionsColumn, renderCellContent, type ColumnDef } from '../data-table/columns';
import type { RowActionProps } from '../data-table/row-action';
import { LtrText } from '../ltr-text';
import type { CardAction, CardField } from './card-list';

export interface GridCards<R> {
  title: (row: R) => ReactNode;
  fields: CardField<R>[];
  actions: (row: R) => CardAction[];
}

/**
 * The card form of a list's columns: the first column heads the card, the other visible ones
 * become its labelled lines, and the actions column's items become its buttons (the items'
 * `label`, `icon`, `onClick` read back from the `RowAction` elements the column returns).
 */
export function gridCards<R>(columns: readonly ColumnDef<R>[], hidden: ReadonlySet<string>): GridCards<R> {
  const shown = columns.filter((column) => !hidden.has(column.field));
  const [first, ...rest] = shown.filter((column) => !isActionsColumn(column));
  const actionsColumn = shown.find(isActionsColumn);
  return {
    title: (row) => (first && !isActionsColumn(first) ? renderCellContent(first, row) : null),
    fields: rest.flatMap((column) =>
      isActionsColumn(column)
        ? []
        : [
            {
              key: column.field,
              label: column.headerName ?? column.field,
              render: (row: R) => (column.dir ? <LtrText>{renderCellContent(column, row)}</LtrText> : renderCellContent(column, row)),
            },
          ],
    ),
    actions: (row) => {
      if (!actionsColumn) return [];
      const elements = actionsColumn.getActions({ row }).filter((item): item is ReactElement<RowActionProps> => isValidElement(item));
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
