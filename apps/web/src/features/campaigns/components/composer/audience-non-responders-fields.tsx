import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../../components/forms/use-field-error-text';
import { useCampaigns } from '../../../../api/campaigns/get-campaigns';
import { useDebounced } from '../../../../lib/use-debounced';
import { AudienceTagValuesField } from './audience-tag-field';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';

interface CampaignOption {
  id: string;
  name: string;
}

export interface NonRespondersFieldsProps {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  setValue: UseFormSetValue<ComposerValues>;
  /** The campaign being edited (it cannot follow up itself). */
  selfId: string | null;
}

/** Recipients of another campaign who have not replied: the campaign, and optionally some tag1 values. */
export function AudienceNonRespondersFields({ control, setValue, selfId }: NonRespondersFieldsProps) {
  const { t } = useTranslation('campaigns');
  const errorText = useFieldErrorText();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const [campaignId, campaignName] = useWatch({ control, name: ['audience.campaignId', 'audience.campaignName'] });
  const query = useCampaigns(
    {
      limit: 20,
      skip: 0,
      sort: 'launchedAt',
      order: 'desc',
      status: ['sending', 'paused', 'completed', 'cancelled'],
      ...(search ? { search } : {}),
    },
    open,
  );
  const options: CampaignOption[] = (query.data?.data ?? [])
    .filter((row) => row.id !== selfId)
    .map((row) => ({ id: row.id, name: row.name }));
  const value = campaignId ? { id: campaignId, name: campaignName } : null;

  return (
    <Stack spacing={2.5}>
      <Controller
        control={control}
        name="audience.campaignId"
        render={({ field, fieldState }) => (
          <Autocomplete
            open={open}
            onOpen={() => setOpen(true)}
            onClose={() => setOpen(false)}
            options={options}
            loading={open && query.isFetching}
            loadingText={t('composer.audience.searching')}
            noOptionsText={t('composer.audience.noCampaigns')}
            filterOptions={(list) => list}
            getOptionLabel={(option) => option.name || option.id}
            isOptionEqualToValue={(option, current) => option.id === current.id}
            value={value}
            inputValue={open ? text : (value?.name ?? '')}
            onInputChange={(_event, next, reason) => reason === 'input' && setText(next)}
            onChange={(_event, next) => {
              field.onChange(next?.id ?? '');
              setValue('audience.campaignName', next?.name ?? '', { shouldDirty: true });
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('composer.audience.campaign')}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error ? errorText(fieldState.error.message) : t('composer.audience.campaignHint')}
              />
            )}
          />
        )}
      />
      <Controller
        control={control}
        name="audience.nonResponderTags"
        render={({ field }) => (
          <AudienceTagValuesField
            label={t('composer.audience.onlyTag1')}
            value={field.value}
            onChange={field.onChange}
            helperText={t('composer.audience.onlyTag1Hint')}
          />
        )}
      />
    </Stack>
  );
}
