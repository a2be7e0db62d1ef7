import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AudienceContactsField } from './audience-contacts-field';
import { AudienceCount } from './audience-count';
import { AudienceFilterFields } from './audience-filter-fields';
import { AudienceNonRespondersFields } from './audience-non-responders-fields';
import { AudienceSegmentField } from './audience-segment-field';
import { SaveSegmentButton } from './save-segment-button';
import type { ComposerOutput } from './composer-resolver';
import type { AudienceType, ComposerValues } from './composer-values';
import type { ComposerAudience } from './use-composer-audience';

const TYPES: AudienceType[] = ['all', 'filter', 'segment', 'contacts', 'non_responders'];

export interface AudienceSectionProps {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  setValue: UseFormSetValue<ComposerValues>;
  audience: ComposerAudience;
  selfId: string | null;
}

/** Who receives the campaign: everyone, a filter, a saved segment, picked contacts or another campaign's non-responders; with the live count. */
export function AudienceSection({ control, setValue, audience, selfId }: AudienceSectionProps) {
  const { t } = useTranslation('campaigns');
  const labelId = useId();
  const [type, kept] = useWatch({ control, name: ['audience.type', 'audience.keptContacts'] });
  return (
    <Stack spacing={2.5}>
      <Controller
        control={control}
        name="audience.type"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={labelId} sx={{ mb: 0.5 }}>
              {t('composer.audience.typeLabel')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value as AudienceType)}
            >
              {TYPES.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={t(`composer.audience.types.${value}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {type === 'filter' ? (
        <>
          <AudienceFilterFields control={control} />
          <div>
            <SaveSegmentButton control={control} setValue={setValue} />
          </div>
        </>
      ) : null}
      {type === 'segment' ? <AudienceSegmentField control={control} setValue={setValue} /> : null}
      {type === 'contacts' ? <AudienceContactsField control={control} kept={kept} /> : null}
      {type === 'non_responders' ? <AudienceNonRespondersFields control={control} setValue={setValue} selfId={selfId} /> : null}
      <Typography variant="body2" color="text.secondary">
        {t('composer.audience.activeOnly')}
      </Typography>
      <AudienceCount audience={audience} />
    </Stack>
  );
}
