import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';

/** Up to two initials of a name, for the avatar. */
export const initials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

/** The account button: who is signed in, a profile link and sign out. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) return null;

  const signOut = async () => {
    setAnchor(null);
    await logout();
    await navigate(paths.login, { replace: true });
  };

  return (
    <>
      <IconButton
        // The name starts with the initials the button shows (WCAG 2.5.3, label in name).
        aria-label={t('topbar.account', { initials: initials(user.name) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          aria-hidden
          src={user.avatarUrl ?? undefined}
          sx={{ width: 36, height: 36, fontSize: 15, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials(user.name)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {user.name}
          </Typography>
          {/* An address reads left to right and is cut at its end; RTL styles flip 'left' to the page's start side. */}
          <Typography variant="body2" color="text.secondary" noWrap dir="ltr" sx={{ textAlign: 'left' }}>
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(`roles.${user.role}`)}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.userProfile} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <IconUser size={20} stroke={1.6} aria-hidden />
          </ListItemIcon>
          {t('topbar.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.accountSettings} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <IconSettings size={20} stroke={1.6} aria-hidden />
          </ListItemIcon>
          {t('topbar.accountSettings')}
        </MenuItem>
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <IconLogout size={20} stroke={1.6} aria-hidden />
          </ListItemIcon>
          {t('topbar.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
