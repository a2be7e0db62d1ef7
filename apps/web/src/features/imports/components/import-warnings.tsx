import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { ImportSummary } from '@sms/contracts/imports';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/countries';
import { useLanguage } from '../../../lib/i18n/use-language';
import { LtrText } from '../../../components/ltr-text';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** The numbers an import read as international although a default country was set, from the import's warnings. */
export function InternationalWarning({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const warning = summary.warnings.find((item) => item.code === 'read_as_international');
  if (warning?.code !== 'read_as_international') return null;
  const number = new Intl.NumberFormat(intlLocale(language));
  return (
    <Alert severity="warning" data-testid="import-international-warning">
      <AlertTitle>{t('warnings.internationalTitle', { count: warning.count, formatted: number.format(warning.count) })}</AlertTitle>
      {t('warnings.internationalText', { country: countryName(warning.defaultCountry, language) })}
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
        {warning.examples.map((example) => (
          <li key={example.row}>
            {t('warnings.example', { row: number.format(example.row) })} <LtrText>{example.input}</LtrText> →{' '}
            <LtrText>{example.e164}</LtrText>
            {example.country ? ` (${countryName(example.country, language)})` : ''}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The mostly-rejected warning of an import (null when it has none), as the hint under its rejected rows. */
export function MostlyRejectedHint({ summary }: { summary: ImportSummary }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const warning = summary.warnings.find((item) => item.code === 'mostly_rejected');
  if (warning?.code !== 'mostly_rejected') return null;
  return (
    <Box component="span" sx={{ display: 'block', mt: 1, typography: 'body2' }} data-testid="import-rejected-hint">
      {warning.defaultCountry
        ? t('result.checkCountry', { country: countryName(warning.defaultCountry, language) })
        : t('result.checkNoCountry')}
    </Box>
  );
}
