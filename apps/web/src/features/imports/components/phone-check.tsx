import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ImportPreview } from '@sms/contracts/imports';
import { checkPhoneColumn } from '@sms/contracts/phone-column-check';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/countries';
import { useLanguage } from '../../../lib/i18n/use-language';
import type { ColumnChoice } from './mapping';
import { LtrText } from '../../../components/ltr-text';

/**
 * How the preview's numbers read with the chosen default country, by the import's own rule: how
 * many would be read as international numbers (with examples) and how many rejected, so a wrong
 * default country shows before the import. Nothing when every number reads as it should.
 */
export function PhoneCheck({
  preview,
  choices,
  defaultCountry,
}: {
  preview: ImportPreview;
  choices: readonly ColumnChoice[];
  defaultCountry: string;
}) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const column = choices.findIndex((choice) => choice.target === 'phone');
  if (column === -1) return null;
  const check = checkPhoneColumn(
    preview.rows.map((row) => row[column] ?? ''),
    defaultCountry || null,
  );
  const country = defaultCountry ? countryName(defaultCountry, language) : '';
  if (check.readAsInternational === 0 && check.invalid === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {check.readAsInternational > 0 ? (
        <Alert severity="warning" data-testid="preview-international">
          {t('phoneCheck.international', { count: check.readAsInternational, numbers: check.numbers, country })}
          <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
            {check.examples.map((example) => (
              <li key={example.input}>
                <LtrText>{example.input}</LtrText> → <LtrText>{example.e164}</LtrText>
                {example.country ? ` (${countryName(example.country, language)})` : ''}
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {check.invalid > 0 ? (
        <Alert severity="warning" data-testid="preview-invalid">
          {defaultCountry
            ? t('phoneCheck.invalid', { count: check.invalid, numbers: check.numbers, country })
            : t('phoneCheck.invalidNoCountry', { count: check.invalid, numbers: check.numbers })}
        </Alert>
      ) : null}
    </Box>
  );
}
