import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { useLanguage } from '../../../../lib/i18n/use-language';
import type { ComposerAudience } from './use-composer-audience';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/** "1,204 recipients · 12 opted out (never sent to)", updated live. */
export function AudienceCount({ audience }: { audience: ComposerAudience }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  if (audience.error) return <Alert severity="error">{errorMessage(audience.error)}</Alert>;
  const optedOut = audience.preview?.optedOut ?? 0;
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy={audience.loading}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderRadius: 1, bgcolor: 'primary.light' }}
    >
      <Box aria-hidden sx={{ color: 'textColor.primary', display: 'flex' }}>
        <IconUsers size={24} stroke={1.6} />
      </Box>
      <Box sx={{ flex: 1 }}>
        {audience.recipients === null ? (
          <Typography color="text.secondary">{t('composer.audience.countUnknown')}</Typography>
        ) : (
          <Typography sx={{ fontWeight: 600 }} data-testid="audience-count" data-value={audience.recipients}>
            {t('composer.audience.count', { count: audience.recipients, amount: number.format(audience.recipients) })}
          </Typography>
        )}
        {optedOut > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="audience-opted-out">
            {t('composer.audience.optedOut', { count: optedOut, amount: number.format(optedOut) })}
          </Typography>
        ) : null}
        {audience.recipients === 0 && !audience.loading ? (
          <Typography variant="body2" color="textColor.warning">
            {t('composer.audience.empty')}
          </Typography>
        ) : null}
      </Box>
      {audience.loading ? <CircularProgress size={20} aria-label={t('composer.audience.counting')} /> : null}
    </Box>
  );
}
