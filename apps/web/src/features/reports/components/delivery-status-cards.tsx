import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { DeliverySummary } from '@sms/contracts/reports';
import { useTranslation } from 'react-i18next';
import { useReportFormat } from './use-report-format';

interface Figure {
  key: string;
  label: string;
  n: number;
  pct?: number;
}

/** Recipients, then each message status, replies and opt-outs: a count and its share of the recipients. */
export function DeliveryStatusCards({ summary }: { summary: DeliverySummary }) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const figures: Figure[] = [
    { key: 'recipients', label: t('fields.recipients'), n: summary.recipients },
    ...summary.byStatus.map((entry) => ({ key: entry.status, label: t(`messageStatus.${entry.status}`), n: entry.n, pct: entry.pct })),
    { key: 'replied', label: t('fields.replied'), n: summary.replied, pct: summary.repliedPct },
    { key: 'optedOut', label: t('fields.optedOut'), n: summary.optedOut },
  ];
  return (
    <Box component="section" aria-labelledby="delivery-figures-title" sx={{ mb: 3 }}>
      <Typography id="delivery-figures-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('delivery.figures')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        {figures.map((figure) => (
          <Card key={figure.key} variant="outlined" sx={{ p: 2 }} data-testid={`figure-${figure.key}`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }} data-value={figure.n}>
              {format.count(figure.n)}
              {figure.pct !== undefined ? (
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ ms: 1, marginInlineStart: 1 }}
                  data-pct={figure.pct}
                >
                  {format.percent(figure.pct)}
                </Typography>
              ) : null}
            </Typography>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
