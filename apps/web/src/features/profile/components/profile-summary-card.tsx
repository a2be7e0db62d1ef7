import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { User } from '@sms/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { UserAvatar } from '../../../components/user-avatar';

/** Who is signed in: avatar, name, email, role (read-only) and account dates. */
export function ProfileSummaryCard({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const rows: Array<[string, ReactNode]> = [
    [t('fields.email'), user.email],
    [t('fields.lastLoginAt'), <DateTime key="last" value={user.lastLoginAt} fallback={t('never')} />],
    [t('fields.createdAt'), <DateTime key="created" value={user.createdAt} fallback={t('never')} />],
  ];
  return (
    <Card data-testid="profile-summary">
      <CardContent sx={{ textAlign: 'center' }}>
        <UserAvatar name={user.name} src={user.avatarUrl ?? undefined} size={88} sx={{ mx: 'auto', mb: 2 }} />
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {user.name}
        </Typography>
        <Box sx={{ mt: 1.5 }}>
          <Chip
            size="small"
            label={t(`common:roles.${user.role}`)}
            sx={{ bgcolor: 'primary.light', color: 'textColor.primary', fontWeight: 600 }}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('summary.roleNote')}
        </Typography>
      </CardContent>
      <Divider />
      <CardContent>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ mb: 2, '&:last-of-type': { mb: 0 } }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
