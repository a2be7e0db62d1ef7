import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CAMPAIGN_LIMITS } from '@sms/contracts/campaigns';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { useContactSearch } from '../../../../api/contacts/get-contacts';
import { useDebounced } from '../../../../lib/use-debounced';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues, PickedContact } from './composer-values';
import { contactLabel } from './message-preview';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/** An explicit list: contacts searched by phone, name or email and picked one by one. */
export function AudienceContactsField({
  control,
  kept,
}: {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  kept: number | null;
}) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const errorText = useFieldErrorText();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const results = useContactSearch(search, open);
  const options: PickedContact[] = (results.data?.data ?? []).map((contact) => ({ id: contact.id, label: contactLabel(contact) }));

  return (
    <Stack spacing={2}>
      <Controller
        control={control}
        name="audience.contacts"
        render={({ field, fieldState }) => (
          <>
            {kept !== null && field.value.length === 0 ? (
              <Alert severity="info">
                {t('composer.audience.keptContacts', { count: kept, amount: new Intl.NumberFormat(intlLocale(language)).format(kept) })}
              </Alert>
            ) : null}
            <Autocomplete
              multiple
              open={open}
              onOpen={() => setOpen(true)}
              onClose={() => setOpen(false)}
              options={options}
              loading={results.isFetching}
              loadingText={t('composer.audience.searching')}
              noOptionsText={t('composer.audience.noContacts')}
              filterOptions={(list) => list}
              filterSelectedOptions
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              value={field.value}
              inputValue={text}
              onInputChange={(_event, next, reason) => reason !== 'reset' && setText(next)}
              onChange={(_event, next) => field.onChange(next.slice(0, CAMPAIGN_LIMITS.audienceContactsMax))}
              onBlur={field.onBlur}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('composer.audience.pickContacts')}
                  placeholder={t('composer.audience.searchContacts')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? errorText(fieldState.error.message) : t('composer.audience.pickHint')}
                />
              )}
            />
          </>
        )}
      />
    </Stack>
  );
}
