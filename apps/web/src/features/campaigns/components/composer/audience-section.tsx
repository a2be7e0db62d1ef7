import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useId } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../../../lib/lazy-page';
import { AudienceCount } from './audience-count';
import { SaveSegmentButton } from './save-segment-button';
import type { ComposerOutput } from './composer-resolver';
import type { AudienceType, ComposerValues } from './composer-values';
import type { ComposerAudience } from './use-composer-audience';

// Each audience's own fields download when that audience is chosen: the default (everyone) needs
// none, and the pickers bring MUI's autocomplete, which a first visit of the composer then skips.
const AudienceFilterFields = lazyPage(async () => ({ default: (await import('./audience-filter-fields')).AudienceFilterFields }));
const AudienceSegmentField = lazyPage(async () => ({ default: (await import('./audience-segment-field')).AudienceSegmentField }));
const AudienceContactsField = lazyPage(async () => ({ default: (await import('./audience-contacts-field')).AudienceContactsField }));
const AudienceNonRespondersFields = lazyPage(async () => ({
  default: (await import('./audience-non-responders-fields')).AudienceNonRespondersFields,
}));

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
      <Suspense fallback={null}>
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
      </Suspense>
      <Typography variant="body2" color="text.secondary">
        {t('composer.audience.activeOnly')}
      </Typography>
      <AudienceCount audience={audience} />
    </Stack>
  );
}
