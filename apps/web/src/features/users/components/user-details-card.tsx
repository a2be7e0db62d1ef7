import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { User } from '@sms/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { UserAvatar } from '../../../components/user-avatar';
import { localeName } from '../../../lib/i18n/locale-names';
import { RoleChip, StatusChip } from './user-chips';
import { LtrText } from '../../../components/ltr-text';

/** Everything the API tells about a user, as a definition list under a header with avatar and chips. */
export function UserDetailsCard({ user, footer }: { user: User; footer?: ReactNode }) {
  const { t } = useTranslation('users');
  // Phone, two-step and last sign-in come only to those who may see them (not managers, for colleagues).
  const withSecurity = user.twoStepEnabled !== undefined;
  const rows: Array<[string, ReactNode]> = [
    [t('fields.email'), <LtrText key="email">{user.email}</LtrText>],
    ...(withSecurity
      ? ([[t('fields.phone'), user.phone ? <LtrText>{user.phone}</LtrText> : t('notSet')]] as Array<[string, ReactNode]>)
      : []),
    [t('fields.role'), <RoleChip key="role" role={user.role} />],
    [t('fields.status'), <StatusChip key="status" status={user.status} />],
    [t('fields.locale'), <span lang={user.locale}>{localeName(user.locale)}</span>],
    ...(withSecurity
      ? ([
          [t('fields.twoStep'), user.twoStepEnabled ? t('twoStep.on') : t('twoStep.off')],
          [t('fields.lastLoginAt'), <DateTime key="last" value={user.lastLoginAt ?? null} fallback={t('never')} />],
        ] as Array<[string, ReactNode]>)
      : []),
    [t('fields.createdAt'), <DateTime value={user.createdAt} fallback={t('never')} />],
    [t('fields.updatedAt'), <DateTime value={user.updatedAt} fallback={t('never')} />],
  ];
  return (
    <Card data-testid="user-details">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <UserAvatar name={user.name} src={user.avatarUrl ?? undefined} size={64} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" noWrap>
              {user.name}
            </Typography>
            {/* An address reads left to right and is cut at its end; RTL styles flip 'left' to the page's start side. */}
            <Typography color="text.secondary" noWrap dir="ltr" sx={{ textAlign: 'left' }}>
              {user.email}
            </Typography>
          </Box>
        </Stack>
        <Divider />
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, 220px) 1fr' },
            columnGap: 3,
            rowGap: { xs: 0.5, sm: 2 },
            alignItems: 'center',
            m: 0,
            mt: 3,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1.5, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {footer ? <Box sx={{ mt: 3 }}>{footer}</Box> : null}
      </CardContent>
    </Card>
  );
}
