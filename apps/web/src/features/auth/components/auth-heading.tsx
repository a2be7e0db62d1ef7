import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';

/** The page's h1 (also the browser tab title) and a line of explanation. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mt: 0.75 }}>
          {subtitle}
        </Typography>
      ) : null}
    </Box>
  );
}
