import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../use-menu';
import { NavItem } from './nav-item';

/** The grouped menu links of the sidebar (and of the mobile drawer). */
export function SidebarNav({ mini = false, onNavigate }: { mini?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const groups = useMenu();
  return (
    <Box sx={{ px: mini ? 1.5 : 3, pb: 3 }}>
      {groups.map((group) => (
        <List
          key={group.labelKey}
          disablePadding
          aria-label={t(group.labelKey)}
          subheader={
            mini ? (
              <Divider component="li" aria-hidden sx={{ my: 1.5, listStyle: 'none' }} />
            ) : (
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  px: 1.5,
                  pt: 2,
                  pb: 0.5,
                  lineHeight: 1.6,
                  fontSize: 12,
                  fontWeight: 700,
                  textTransform: 'uppercase',
                  color: 'text.primary',
                }}
              >
                {t(group.labelKey)}
              </ListSubheader>
            )
          }
        >
          {group.items.map((item) => (
            <NavItem key={item.to} item={item} mini={mini} onNavigate={onNavigate} />
          ))}
        </List>
      ))}
    </Box>
  );
}
