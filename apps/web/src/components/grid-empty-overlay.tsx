import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { GridOverlay } from '@mui/x-data-grid';
import type { ReactNode } from 'react';

export interface GridEmptyOverlayProps {
  /** A decorative icon above the title (hidden from screen readers). */
  icon?: ReactNode;
  title: string;
  testId?: string;
  /** A filtered list with no match offers to clear its filters. */
  clear?: { label: string; onClick: () => void } | undefined;
  /** A hint or the next step (e.g. "Import contacts"), under the title. */
  children?: ReactNode;
}

/** What a Data Grid shows without rows: the same layout in every list (its `noRowsOverlay` slot). */
export function GridEmptyOverlay({ icon, title, testId, clear, children }: GridEmptyOverlayProps) {
  return (
    <GridOverlay>
      <Box sx={{ textAlign: 'center', p: 3 }} data-testid={testId}>
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
    </GridOverlay>
  );
}
