import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { LazyTooltip } from '../lazy-tooltip';
import Typography from '@mui/material/Typography';
import type { Key, MouseEvent, ReactNode } from 'react';

/** One labelled value of a card (a table's column). */
export interface CardField<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
}

/** A button of a card (a table row's action): an icon with its name as label and tooltip. */
export interface CardAction {
  key: Key;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Shown on hover instead of the label (e.g. why it is disabled). */
  title?: string;
}

/** Ticking cards (a table's check box column), for the list's bulk actions. */
export interface CardSelection<R> {
  isSelected: (row: R) => boolean;
  onToggle: (row: R, selected: boolean) => void;
  /** The check box's accessible name, naming the row (e.g. "Select Ana Lima, +33612345678"). */
  label: (row: R) => string;
}

export interface CardListProps<R> {
  rows: readonly R[];
  rowKey: (row: R) => Key;
  /** The list's accessible name. */
  label: string;
  /** What heads each card: usually a link that opens the row (the keyboard's way in). */
  title: (row: R) => ReactNode;
  fields: CardField<R>[];
  actions?: (row: R) => CardAction[];
  /** Opens a row when its card is clicked anywhere but on a link or button. */
  onOpenRow?: (row: R) => void;
  testId?: string;
  /** Attributes of each card, e.g. a data- attribute tests find it by. */
  cardProps?: (row: R) => Record<string, string>;
  /** Shown instead of the cards when there are no rows. */
  empty?: ReactNode;
  /** A check box heading each card. */
  selection?: CardSelection<R>;
}

const INTERACTIVE = 'a, button, input, [role=button]';

/**
 * The card form of a list, for phones (see `useCardLayout`): each row a card headed by its title,
 * its values as label/value lines that wrap instead of being cut, and its actions as buttons.
 * Same data and actions as the table; every action is a real button in the tab order.
 */
export function CardList<R>(props: CardListProps<R>) {
  const { rows, rowKey, label, title, fields, actions, onOpenRow, testId, cardProps, empty, selection } = props;
  if (rows.length === 0 && empty) return <>{empty}</>;
  const open = (row: R) => (event: MouseEvent<HTMLElement>) => {
    if (onOpenRow && !(event.target as HTMLElement).closest(INTERACTIVE)) onOpenRow(row);
  };
  return (
    <Stack component="ul" aria-label={label} data-testid={testId} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 1.5 }}>
      {rows.map((row) => {
        const buttons = actions?.(row) ?? [];
        return (
          <Card
            component="li"
            key={rowKey(row)}
            variant="outlined"
            data-testid="list-card"
            onClick={open(row)}
            sx={{ p: 1.5, cursor: onOpenRow ? 'pointer' : undefined, minWidth: 0 }}
            {...cardProps?.(row)}
          >
            {selection ? (
              <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, ml: -1, mt: -1 }}>
                <Checkbox
                  checked={selection.isSelected(row)}
                  onChange={(event) => selection.onToggle(row, event.target.checked)}
                  slotProps={{ input: { 'aria-label': selection.label(row) } }}
                />
                <Box sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{title(row)}</Box>
              </Stack>
            ) : (
              <Box sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>{title(row)}</Box>
            )}
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', columnGap: 1.5, rowGap: 0.5, m: 0, mt: 1 }}
            >
              {fields.map((field) => (
                <Box key={field.key} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {field.label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {field.render(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {buttons.length > 0 ? (
              <Stack direction="row" sx={{ mt: 1, gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                {buttons.map((action) => (
                  <LazyTooltip key={action.key} title={action.title ?? action.label}>
                    <span>
                      <IconButton aria-label={action.label} onClick={action.onClick} disabled={action.disabled} size="small">
                        {action.icon}
                      </IconButton>
                    </span>
                  </LazyTooltip>
                ))}
              </Stack>
            ) : null}
          </Card>
        );
      })}
    </Stack>
  );
}
