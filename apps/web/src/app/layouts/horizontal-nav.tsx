import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { NavLink, useMatch } from 'react-router';
import type { MenuItem } from './menu-items';
import { useMenu } from './use-menu';

function TopNavLink({ item }: { item: MenuItem }) {
  const { t } = useTranslation('common');
  const active = useMatch({ path: item.to, end: false }) !== null;
  const ItemIcon = item.icon;
  return (
    <Box
      component={NavLink}
      to={item.to}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        borderRadius: 1,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        fontWeight: active ? 600 : 500,
        color: active ? 'textColor.primary' : 'text.secondary',
        bgcolor: active ? 'primary.light' : 'transparent',
        '&:hover': { bgcolor: 'primary.light', color: 'textColor.primary' },
      }}
    >
      <ItemIcon size={19} stroke={1.6} aria-hidden />
      {t(item.labelKey)}
    </Box>
  );
}

/** The horizontal layout's navigation row under the top bar (large screens). */
export function HorizontalNav({ boxed }: { boxed: boolean }) {
  const { t } = useTranslation('common');
  const items = useMenu().flatMap((group) => group.items);
  return (
    <Box component="nav" aria-label={t('nav.mainMenu')} sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth={boxed ? 'lg' : false} sx={{ display: 'flex', gap: 0.5, py: 1, overflowX: 'auto' }}>
        {items.map((item) => (
          <TopNavLink key={item.to} item={item} />
        ))}
      </Container>
    </Box>
  );
}
