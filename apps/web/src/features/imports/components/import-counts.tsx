import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ImportCounts as Counts } from '@sms/contracts/imports';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { intlLocale } from '../../../lib/i18n/intl-locale';

const TILES: Array<{ key: keyof Counts; color: string }> = [
  { key: 'rowsRead', color: 'text.primary' },
  { key: 'created', color: 'textColor.success' },
  { key: 'updated', color: 'textColor.info' },
  { key: 'duplicates', color: 'textColor.warning' },
  { key: 'rejected', color: 'textColor.error' },
];

/** Rows read, created, updated, skipped as duplicate and rejected, as a row of figures. */
export function ImportCounts({ counts }: { counts: Counts }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  return (
    <Box
      component="dl"
      data-testid="import-counts"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' }, gap: 2, m: 0 }}
    >
      {TILES.map(({ key, color }) => (
        <Box
          key={key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.default' }}
          data-testid={`count-${key}`}
        >
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t(`counts.${key}`)}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0, color, fontVariantNumeric: 'tabular-nums' }} data-value={counts[key]}>
            {number.format(counts[key])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
