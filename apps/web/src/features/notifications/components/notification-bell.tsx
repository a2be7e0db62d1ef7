import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notificationPath } from '@sms/contracts/notification-kinds';
import type { Notification } from '@sms/contracts/notifications';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatShortDateTime } from '../../../components/date-time';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useNotifications } from '../../../api/notifications/get-notifications';
import { useMarkAllNotificationsRead } from '../../../api/notifications/mark-all-read';
import { useMarkNotificationRead } from '../../../api/notifications/mark-read';
import { useNotificationStream } from '../../../api/notifications/notification-stream';
import { useNotificationText } from './use-notification-text';
import { LazyTooltip } from '../../../components/lazy-tooltip';

/**
 * The top bar's bell: the unread count, live (GET /api/notifications/stream), and a list of the
 * latest notifications, each opening the page concerned (and marking itself read).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const live = useNotificationStream();
  const query = useNotifications(live);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const text = useNotificationText();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const unread = query.data?.unread ?? 0;
  const items = query.data?.data ?? [];
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');

  const open = (notification: Notification) => {
    setAnchor(null);
    if (!notification.readAt) markRead.mutate(notification.id);
    void navigate(notificationPath(notification.kind, notification.subjectId));
  };

  return (
    <>
      <LazyTooltip title={label} describeChild>
        {/* Named by its content (hidden text), not aria-label: the badge's digits would not match a label. */}
        <IconButton
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : 'false'}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
          data-testid="notification-bell"
        >
          <Box component="span" sx={visuallyHidden}>
            {label}
          </Box>
          <Badge badgeContent={unread} color="error" max={99} data-testid="notification-count" data-value={unread} aria-hidden>
            <IconBell size={22} stroke={1.6} aria-hidden />
          </Badge>
        </IconButton>
      </LazyTooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: 380, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1.5, pb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('bell.title')}
          </Typography>
          <Button size="small" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
            {t('bell.markAllRead')}
          </Button>
        </Stack>
        {items.length === 0 ? (
          <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
            {query.isError ? t('bell.loadFailed') : t('bell.empty')}
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 420, overflowY: 'auto', pt: 0 }} data-testid="notification-list">
            {items.map((notification) => (
              <ListItem key={notification.id} disablePadding>
                <ListItemButton onClick={() => open(notification)} data-testid={`notification-${notification.kind}`}>
                  <Box
                    aria-hidden
                    sx={{
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      mr: 1.5,
                      flexShrink: 0,
                      bgcolor: notification.readAt ? 'transparent' : 'primary.main',
                    }}
                  />
                  <ListItemText
                    primary={
                      <>
                        {notification.readAt ? null : (
                          <Box component="span" sx={visuallyHidden}>
                            {t('bell.unread')}{' '}
                          </Box>
                        )}
                        {text(notification)}
                      </>
                    }
                    secondary={formatShortDateTime(notification.updatedAt, i18n.language)}
                    slotProps={{ primary: { sx: { fontWeight: notification.readAt ? 400 : 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
