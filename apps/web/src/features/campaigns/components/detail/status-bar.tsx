import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CampaignCounts } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { STATUS_SEGMENTS, statusSegments } from '../campaign-figures';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/** The recipients as one stacked bar by message status, with a legend of figures and shares. */
export function StatusBar({ counts }: { counts: CampaignCounts }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const percent = new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 });
  const segments = statusSegments(counts);
  return (
    <Box>
      <Box
        role="img"
        aria-label={t('detail.barLabel')}
        sx={{ display: 'flex', height: 14, borderRadius: 7, overflow: 'hidden', bgcolor: 'grey.200', mb: 2.5 }}
      >
        {segments.map((segment) => (
          <Box key={segment.status} sx={{ width: `${segment.percent}%`, bgcolor: segment.color, transition: 'width 0.6s ease' }} />
        ))}
      </Box>
      <Box
        component="dl"
        data-testid="campaign-counts"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}
      >
        {STATUS_SEGMENTS.map(({ status, color }) => (
          <Box key={status} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={`count-${status}`}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flexShrink: 0 }} />
              {t(`messageStatus.${status}`)}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-value={counts[status]}>
              {number.format(counts[status])}
              {counts.total > 0 ? (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                  {percent.format(counts[status] / counts.total)}
                </Typography>
              ) : null}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
