import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReplyFigures as Figures } from '@sms/contracts/reply-figures';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/** Replies, response rate, the reached who have not replied and the opt-outs in answer, as the server counts them (one definition: reply-figures.ts). */
export function ReplyFigures({ figures }: { figures: Figures }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const tiles = [
    { key: 'replied', label: t('detail.replied'), value: number.format(figures.replied), raw: figures.replied },
    {
      key: 'response-rate',
      label: t('detail.responseRate'),
      value: new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(figures.responseRate / 100),
      raw: figures.responseRate,
    },
    { key: 'not-replied', label: t('detail.notReplied'), value: number.format(figures.notReplied), raw: figures.notReplied },
    { key: 'opted-out', label: t('detail.optedOut'), value: number.format(figures.optedOut), raw: figures.optedOut },
  ];
  return (
    <Box
      component="dl"
      aria-label={t('detail.repliesLabel')}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}
    >
      {tiles.map((tile) => (
        <Box key={tile.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid={`campaign-${tile.key}`}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {tile.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }} data-value={tile.raw}>
            {tile.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
