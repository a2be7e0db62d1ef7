import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface EmptyStateProps {
  /** A decorative icon above the title (hidden from screen readers). */
  icon?: ReactNode;
  title: string;
  testId?: string;
  /** A filtered list with no match offers to clear its filters. */
  clear?: { label: string; onClick: () => void } | undefined;
  /** A hint or the next step (e.g. "Import contacts"), under the title. */
  children?: ReactNode;
}

/** What a list shows without rows: the same layout in every list (tables, cards, settings sections). */
export function EmptyState({ icon, title, testId, clear, children }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: 'center', p: 3 }} data-testid={testId} data-empty-state="">
      {icon ? (
        <Box aria-hidden sx={{ color: 'text.secondary', mb: 1 }}>
          {icon}
        </Box>
      ) : null}
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      {clear ? (
        <Button onClick={clear.onClick} size="small" sx={{ mt: 1 }}>
          {clear.label}
        </Button>
      ) : null}
      {children}
    </Box>
  );
}

export interface ListEmptyStateOptions {
  /** A search or filter narrows the list. */
  filtered: boolean;
  /** Clears the search and filters (offered when nothing matches them). */
  onClear?: () => void;
  icon?: ReactNode;
  testId?: string;
  /** The next step when the list has no rows at all (e.g. "Import contacts"). */
  whenEmpty?: ReactNode;
}

/**
 * The empty state of a list with filters, from the namespace's `list.noMatches` (with
 * `list.clearFilters` as the way out) when filtered, else `list.empty` and the next step.
 */
export function useListEmptyState(ns: string, { filtered, onClear, icon, testId, whenEmpty }: ListEmptyStateOptions): EmptyStateProps {
  const { t } = useTranslation(ns);
  return {
    icon,
    testId,
    title: filtered ? t('list.noMatches') : t('list.empty'),
    clear: filtered && onClear ? { label: t('list.clearFilters'), onClick: onClear } : undefined,
    children: filtered ? null : whenEmpty,
  };
}
