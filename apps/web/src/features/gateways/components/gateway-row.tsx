import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Gateway } from '@sms/contracts/gateways';
import { IconPencil, IconPlugConnected, IconStar, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { GatewayLinkCell } from './gateway-link-cell';
import { intlLocale } from '../../../lib/i18n/intl-locale';

export interface GatewayRowProps {
  gateway: Gateway;
  canEdit: boolean;
  busy: boolean;
  onTest: () => void;
  onEdit: () => void;
  onToggle: (enabled: boolean) => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}

/** One gateway: name and default mark, kind, rate limit, connection, enabled switch and its actions. */
export function GatewayRow({ gateway, canEdit, busy, onTest, onEdit, onToggle, onMakeDefault, onDelete }: GatewayRowProps) {
  const { t } = useTranslation('gateways');
  const { language } = useLanguage();
  const action = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled || busy} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <TableRow data-testid="gateway-row" data-kind={gateway.kind}>
      <TableCell>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{gateway.name}</Typography>
          {gateway.isDefault ? (
            <Chip size="small" label={t('default')} sx={{ bgcolor: 'primary.light', color: 'textColor.primary', fontWeight: 600 }} />
          ) : null}
        </Box>
      </TableCell>
      <TableCell>{t(`kindNames.${gateway.kind}`)}</TableCell>
      <TableCell>
        {gateway.rateLimit === null
          ? t('unlimited')
          : t('ratePerSecond', { count: gateway.rateLimit, rate: new Intl.NumberFormat(intlLocale(language)).format(gateway.rateLimit) })}
      </TableCell>
      <TableCell>
        <GatewayLinkCell gateway={gateway} />
      </TableCell>
      <TableCell>
        {canEdit ? (
          <Switch
            checked={gateway.enabled}
            disabled={busy}
            onChange={(event) => onToggle(event.target.checked)}
            slotProps={{ input: { 'aria-label': t('toggle', { name: gateway.name }) } }}
          />
        ) : (
          <Chip size="small" label={gateway.enabled ? t('enabled') : t('disabled')} variant="outlined" />
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {action(t('actions.test', { name: gateway.name }), <IconPlugConnected size={20} aria-hidden />, onTest)}
        {canEdit ? (
          <>
            {action(t('actions.edit', { name: gateway.name }), <IconPencil size={20} aria-hidden />, onEdit)}
            {action(
              t('actions.makeDefault', { name: gateway.name }),
              <IconStar size={20} aria-hidden />,
              onMakeDefault,
              gateway.isDefault || !gateway.enabled,
            )}
            {action(t('actions.delete', { name: gateway.name }), <IconTrash size={20} aria-hidden />, onDelete, gateway.isDefault)}
          </>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
