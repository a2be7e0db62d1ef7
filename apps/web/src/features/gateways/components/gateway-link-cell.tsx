import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Gateway } from '@sms/contracts/gateways';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/date-time';
import { useLanguage } from '../../../lib/i18n/use-language';

const COLOURS = { connected: 'success', retrying: 'warning', refused: 'error' } as const;

/**
 * A gateway's connection as the workers report it: connected; disconnected and retrying, or
 * refused, with the reason and since when. Gateways without a kept link (simulator, Twilio) show
 * a dash; an SMPP gateway no worker has opened yet says so.
 */
export function GatewayLinkCell({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation('gateways');
  const { language } = useLanguage();
  const { link } = gateway;
  if (!link) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="gateway-link" data-state="none">
        {gateway.kind === 'smpp' ? t('link.notOpen') : '—'}
      </Typography>
    );
  }
  return (
    <Box data-testid="gateway-link" data-state={link.state}>
      <Chip
        size="small"
        color={COLOURS[link.state]}
        variant={link.state === 'connected' ? 'outlined' : 'filled'}
        label={t(`link.${link.state}`)}
      />
      {link.state === 'connected' ? null : (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, maxWidth: 280, overflowWrap: 'anywhere' }}>
          {link.reason} · {t('link.since', { time: formatDateTime(link.since, language) ?? '' })}
        </Typography>
      )}
    </Box>
  );
}
