import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';

export interface Crumb {
  label: string;
  /** Link target; omit for the current page. */
  to?: string;
}

export interface PageContainerProps {
  /** Page heading (h1) and document title. Pass translated text. */
  title: string;
  /** Optional line under the heading. */
  description?: ReactNode;
  /** Trail after "Home"; defaults to the title alone. */
  breadcrumbs?: Crumb[];
  /** Buttons shown at the right of the header (e.g. "New user"). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Standard page frame: header card with title, breadcrumbs and actions, then the content. */
export function PageContainer({ title, description, breadcrumbs, actions, children }: PageContainerProps) {
  const { t } = useTranslation('common');
  usePageTitle(title);
  const trail: Crumb[] = [{ label: t('nav.home'), to: paths.dashboard }, ...(breadcrumbs ?? [{ label: title }])];
  return (
    <Box>
      <Card
        elevation={0}
        sx={{ mb: 3, px: { xs: 2.5, sm: 3.5 }, py: 2.5, bgcolor: 'primary.light', backgroundImage: 'none', border: 0, boxShadow: 'none' }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
              {title}
            </Typography>
            {description ? (
              // A div: descriptions may hold blocks (a report's scheduled time), which a <p> may not.
              <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
                {description}
              </Typography>
            ) : null}
            <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ fontSize: 14 }}>
              {trail.map((crumb, index) =>
                crumb.to && index < trail.length - 1 ? (
                  <Link key={`${index}-${crumb.label}`} component={RouterLink} to={crumb.to} underline="hover" color="text.secondary">
                    {crumb.label}
                  </Link>
                ) : (
                  <Typography key={`${index}-${crumb.label}`} color="text.primary" sx={{ fontSize: 'inherit' }} aria-current="page">
                    {crumb.label}
                  </Typography>
                ),
              )}
            </Breadcrumbs>
          </Box>
          {actions ? (
            // gap, not spacing: spacing's margins shifted every wrapped row of buttons sideways (staggered on a phone).
            <Stack direction="row" sx={{ flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
              {actions}
            </Stack>
          ) : null}
        </Stack>
      </Card>
      {children}
    </Box>
  );
}
