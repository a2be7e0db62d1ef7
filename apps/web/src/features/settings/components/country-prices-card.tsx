import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MessagingSettings } from '@sms/contracts/messaging-settings';
import { COUNTRY_PRICES_MAX } from '@sms/contracts/pricing';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { useFieldErrorText } from '../../../components/forms/use-field-error-text';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateMessagingSettings } from '../../../api/settings/update-messaging-settings';
import { errorKey, rowsOf, validateCountryPrices, type CountryPriceErrors, type CountryPriceRow } from './country-prices-form';

/**
 * The price table's country rows (Configurations -> Messaging): destination countries whose parts
 * cost otherwise than the defaults above, per encoding. The composer's estimate and both pricing
 * pages read them.
 */
export function CountryPricesCard({ settings, canEdit }: { settings: MessagingSettings; canEdit: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const fieldError = useFieldErrorText();
  const update = useUpdateMessagingSettings();
  const [rows, setRows] = useState<CountryPriceRow[]>(() => rowsOf(settings.countryPrices));
  const [errors, setErrors] = useState<CountryPriceErrors>({});
  const [notice, setNotice] = useState(false);
  const dirty = JSON.stringify(rows) !== JSON.stringify(rowsOf(settings.countryPrices));
  const text = (message: string | undefined) => (message?.startsWith('messaging.') ? t(message) : fieldError(message));
  const change = (index: number, patch: Partial<CountryPriceRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const save = async () => {
    const checked = validateCountryPrices(rows);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    try {
      const saved = await update.mutateAsync({ countryPrices: checked.output });
      setRows(rowsOf(saved.countryPrices));
      setNotice(true);
    } catch (error) {
      const [, index, field] = error instanceof ApiError && error.field ? error.field.split('.') : [];
      if (error instanceof ApiError && index !== undefined && field) setErrors({ [`${index}.${field}`]: error.detail });
    }
  };

  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          noValidate
          aria-labelledby="country-prices-title"
          data-testid="country-prices-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Typography id="country-prices-title" variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('messaging.prices.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('messaging.prices.description', { currency: settings.currency })}
          </Typography>
          {update.isError && !(update.error instanceof ApiError && update.error.field) ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(update.error)}
            </Alert>
          ) : null}
          <Stack spacing={2}>
            {rows.length === 0 ? <Typography color="text.secondary">{t('messaging.prices.none')}</Typography> : null}
            {rows.map((row, index) => (
              <Stack
                key={index}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'flex-start' } }}
                data-testid="country-price-row"
              >
                <Box sx={{ flex: 2, minWidth: 0 }}>
                  <CountrySelect
                    label={t('messaging.prices.country')}
                    value={row.country}
                    onChange={(country) => change(index, { country })}
                    disabled={!canEdit}
                    clearable={false}
                    size="small"
                    error={Boolean(errors[errorKey(index, 'country')])}
                    helperText={text(errors[errorKey(index, 'country')])}
                    groups={{ common: t('messaging.commonCountries'), all: t('messaging.allCountries') }}
                  />
                </Box>
                {(['gsm7', 'ucs2'] as const).map((field) => (
                  <TextField
                    key={field}
                    sx={{ flex: 1 }}
                    size="small"
                    label={t(`messaging.prices.${field}`)}
                    value={row[field]}
                    onChange={(event) => change(index, { [field]: event.target.value })}
                    disabled={!canEdit}
                    error={Boolean(errors[errorKey(index, field)])}
                    helperText={text(errors[errorKey(index, field)])}
                    slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
                  />
                ))}
                {canEdit ? (
                  <IconButton
                    aria-label={t('messaging.prices.remove', { row: index + 1 })}
                    onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={20} aria-hidden />
                  </IconButton>
                ) : null}
              </Stack>
            ))}
          </Stack>
          {canEdit ? (
            <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Button
                startIcon={<IconPlus size={18} aria-hidden />}
                disabled={rows.length >= COUNTRY_PRICES_MAX}
                onClick={() =>
                  setRows((current) => [
                    ...current,
                    { country: '', gsm7: String(settings.pricePerSegment), ucs2: String(settings.pricePerSegmentUcs2) },
                  ])
                }
              >
                {t('messaging.prices.add')}
              </Button>
              <Stack direction="row" spacing={1.5}>
                <Button
                  color="inherit"
                  disabled={!dirty || update.isPending}
                  onClick={() => (setRows(rowsOf(settings.countryPrices)), setErrors({}))}
                >
                  {t('messaging.discard')}
                </Button>
                <Button type="submit" variant="contained" loading={update.isPending} disabled={!dirty}>
                  {t('common:actions.save')}
                </Button>
              </Stack>
            </Stack>
          ) : null}
        </Box>
      </CardContent>
      <MessageSnackbar message={notice ? t('messaging.prices.saved') : null} onClose={() => setNotice(false)} />
    </Card>
  );
}
