import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import type { ReactNode } from 'react';
import { AuthBrand } from './auth-brand';
import { BrandPanel } from './brand-panel';

/** `centered`: one card on a tinted page (/auth/login, /auth/register); `split`: brand panel + form (…2 pages). */
export type AuthVariant = 'centered' | 'split';

/** The frame of the sign-in and registration pages. */
export function AuthLayout({ variant, children }: { variant: AuthVariant; children: ReactNode }) {
  if (variant === 'split') {
    return (
      <Grid container sx={{ minHeight: '100vh' }}>
        {/* On phones the form comes first (under the page's language and mode buttons), the brand after it. */}
        <Grid size={{ xs: 12, md: 6, lg: 7 }} sx={{ order: { xs: 2, md: 1 } }}>
          <BrandPanel />
        </Grid>
        <Grid
          size={{ xs: 12, md: 6, lg: 5 }}
          sx={{
            order: { xs: 1, md: 2 },
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            px: { xs: 3, sm: 6 },
            pt: { xs: 9, md: 8 },
            pb: { xs: 5, md: 8 },
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 440 }}>{children}</Box>
        </Grid>
      </Grid>
    );
  }
  return (
    <Box
      sx={(theme) => ({
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: { xs: 8, sm: 6 },
        background: `radial-gradient(circle at 15% 10%, ${theme.vars.palette.primary.light} 0, transparent 45%), radial-gradient(circle at 85% 90%, ${theme.vars.palette.secondary.light} 0, transparent 40%)`,
      })}
    >
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4.5 }, '&:last-child': { pb: { xs: 3, sm: 4.5 } } }}>
          <AuthBrand />
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
