import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CONTACT_TAG_FIELDS } from '@sms/contracts/contacts';
import { SEGMENT_LIMITS, type SegmentDefinition } from '@sms/contracts/segments';
import { IconFilterPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { Can } from '../../../../lib/permissions/can';
import { useCreateSegment } from '../../../../api/segments/create-segment';
import type { ComposerOutput } from './composer-resolver';
import type { ComposerValues } from './composer-values';
import { InputField } from '../../../../components/forms/input-field';

/** "Save as segment" in the audience builder: the filter becomes a saved segment, and the campaign's audience. */
export function SaveSegmentButton({
  control,
  setValue,
}: {
  control: Control<ComposerValues, unknown, ComposerOutput>;
  setValue: UseFormSetValue<ComposerValues>;
}) {
  const { t } = useTranslation('segments');
  const audience = useWatch({ control, name: 'audience' });
  const create = useCreateSegment();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const definition: SegmentDefinition = {};
  for (const field of CONTACT_TAG_FIELDS) if (audience[field].trim()) definition[field] = audience[field].trim();
  if (audience.createdFrom) definition.createdFrom = audience.createdFrom;
  if (audience.createdTo) definition.createdTo = audience.createdTo;
  const close = () => {
    create.reset();
    setOpen(false);
  };
  const save = () =>
    create.mutate(
      { name, definition },
      {
        onSuccess: (segment) => {
          setValue('audience.segmentId', segment.id, { shouldDirty: true });
          setValue('audience.segmentName', segment.name);
          setValue('audience.type', 'segment', { shouldDirty: true });
          close();
        },
      },
    );
  return (
    <Can I="create" a="Segment">
      <Button variant="outlined" size="small" startIcon={<IconFilterPlus size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('save.open')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="save-segment-title">
        <DialogTitle id="save-segment-title">{t('save.title')}</DialogTitle>
        <DialogContent>
          {create.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          <InputField
            autoFocus
            fullWidth
            label={t('fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: SEGMENT_LIMITS.nameMax, 'data-testid': 'segment-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('save.cancel')}</Button>
          <Button variant="contained" onClick={save} disabled={name.trim() === '' || create.isPending} data-testid="segment-save">
            {t('save.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Can>
  );
}
