import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SmsAnalysis } from '@sms/contracts/sms-encoding';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { intlLocale } from '../../lib/i18n/intl-locale';

/** Encoding, characters, parts and room left in the last part, announced politely as they change. */
export function SmsCounter({ analysis }: { analysis: SmsAnalysis }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const ucs2 = analysis.encoding === 'UCS-2';
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="sms-counter"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <Chip
        size="small"
        label={analysis.encoding}
        data-testid="sms-encoding"
        sx={{ fontWeight: 700, bgcolor: ucs2 ? 'warning.light' : 'success.light', color: ucs2 ? 'textColor.warning' : 'textColor.success' }}
      />
      <Typography variant="body2" data-testid="sms-characters">
        {t('composer.counter.characters', { value: number.format(analysis.characters) })}
      </Typography>
      <Typography variant="body2" data-testid="sms-segments" data-value={analysis.segments}>
        {t('composer.counter.segments', { value: number.format(analysis.segments) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="sms-remaining">
        {t('composer.counter.remaining', { value: number.format(analysis.remainingInSegment), size: number.format(analysis.perSegment) })}
      </Typography>
    </Box>
  );
}
