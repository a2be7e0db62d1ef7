import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/date-time';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { formatMoney, formatUnitPrice } from '../../../../lib/money';
import { formatDuration, type Estimate } from './estimates';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

export interface EstimatesCardProps {
  recipients: number | null;
  segmentsPerMessage: number;
  estimate: Estimate;
  currency: string | null;
  /** Price of one SMS part in the message's encoding (lowest and highest across the audience's countries), shown beside the total; null when no price is set. */
  partPrice: { min: number; max: number } | null;
}

/** Recipients, parts, estimated cost and finish time as a short list of figures. */
export function EstimatesCard({ recipients, segmentsPerMessage, estimate, currency, partPrice }: EstimatesCardProps) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(intlLocale(language));
  const money = (value: number) => (currency ? formatMoney(value, currency, language) : number.format(value));
  const unitPrice = (value: number) =>
    currency
      ? formatUnitPrice(value, currency, language)
      : new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 4 }).format(value);
  const unknown = t('composer.estimates.unknown');
  const rows: Array<{ key: string; label: string; value: string }> = [
    { key: 'recipients', label: t('composer.estimates.recipients'), value: recipients === null ? unknown : number.format(recipients) },
    { key: 'segments', label: t('composer.estimates.segmentsPerMessage'), value: number.format(segmentsPerMessage) },
    {
      key: 'total',
      label: t('composer.estimates.totalSegments'),
      value: recipients === null ? unknown : number.format(estimate.totalSegments),
    },
    ...(partPrice === null
      ? []
      : [
          {
            key: 'price',
            label: t('composer.estimates.pricePerPart'),
            value:
              partPrice.min === partPrice.max
                ? unitPrice(partPrice.min)
                : t('composer.estimates.priceRange', { min: unitPrice(partPrice.min), max: unitPrice(partPrice.max) }),
          },
        ]),
    {
      key: 'cost',
      label: t('composer.estimates.cost'),
      value: recipients === null || estimate.cost === null ? unknown : money(estimate.cost),
    },
    {
      key: 'duration',
      label: t('composer.estimates.duration'),
      value:
        estimate.durationSeconds === null
          ? t('composer.estimates.dependsOnGateway')
          : recipients === null
            ? unknown
            : formatDuration(estimate.durationSeconds, language),
    },
    {
      key: 'finish',
      label: t('composer.estimates.finish'),
      value:
        estimate.finishAt === null
          ? t('composer.estimates.dependsOnGateway')
          : recipients === null
            ? unknown
            : (formatDateTime(estimate.finishAt.toISOString(), language) ?? unknown),
    },
  ];
  return (
    <Box>
      <Box
        component="dl"
        data-testid="campaign-estimates"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
      >
        {rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {row.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, fontWeight: 600, textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}
              data-testid={`estimate-${row.key}`}
            >
              {row.value}
            </Typography>
          </Box>
        ))}
      </Box>
      {/* Outside the list: a <dl> may only hold its terms and descriptions. */}
      {estimate.rate !== null ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          {t('composer.estimates.rateNote', { count: estimate.rate, rate: number.format(estimate.rate) })}
        </Typography>
      ) : null}
    </Box>
  );
}
