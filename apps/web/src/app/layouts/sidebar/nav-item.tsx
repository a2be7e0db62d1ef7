import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { NavLink, useMatch } from 'react-router';
import type { MenuItem } from '../menu-items';
import { LazyTooltip } from '../../../components/lazy-tooltip';

/** One menu link; `mini` shows the icon only (the label moves to a tooltip and the accessible name). */
export function NavItem({ item, mini = false, onNavigate }: { item: MenuItem; mini?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const active = useMatch({ path: item.to, end: false }) !== null;
  const label = t(item.labelKey);
  const ItemIcon = item.icon;
  const button = (
    <ListItemButton
      component={NavLink}
      to={item.to}
      onClick={onNavigate}
      selected={active}
      aria-label={mini ? label : undefined}
      sx={{
        mb: 0.5,
        py: 1,
        px: mini ? 0 : 1.5,
        justifyContent: mini ? 'center' : 'flex-start',
        color: 'text.secondary',
        '&:hover': { bgcolor: 'primary.light', color: 'textColor.primary' },
        '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.light', color: 'textColor.primary', fontWeight: 600 },
      }}
    >
      <ListItemIcon sx={{ minWidth: mini ? 0 : 36, color: 'inherit' }}>
        <ItemIcon size={21} stroke={1.6} aria-hidden />
      </ListItemIcon>
      {mini ? null : <ListItemText primary={label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />}
    </ListItemButton>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {mini ? (
        <LazyTooltip title={label} placement="right">
          {button}
        </LazyTooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}
