import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';

export interface RowActionProps {
  /** The button's accessible name (it shows only its icon on a wide screen). */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  /** Shown on hover (e.g. the action's short name, or why it is disabled). */
  title?: string;
}

/**
 * One action of a list row: an icon button named by its label. Actions columns return these; the
 * card form of a list reads their props back to draw its own labelled buttons (card-list/grid-cards.tsx).
 */
export function RowAction({ label, icon, onClick, disabled, title }: RowActionProps) {
  return (
    <IconButton size="small" aria-label={label} title={title} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
}
