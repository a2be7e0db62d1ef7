import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CONTACT_TAG_FIELDS, type ContactTagField } from '@sms/contracts/contacts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagAutocomplete } from './tag-autocomplete';

export interface SetTagDialogProps {
  open: boolean;
  /** How many contacts the tag goes on. */
  count: number;
  /** The same, as shown (formatted, "+" past the count cap). */
  amount: string;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (tag: { field: ContactTagField; value: string | null }) => void;
}

/** Picks a tag field and a value (with suggestions) for the selected contacts; an empty value clears it. */
export function SetTagDialog({ open, count, amount, busy, error, onClose, onConfirm }: SetTagDialogProps) {
  const { t } = useTranslation(['contacts', 'common']);
  const titleId = useId();
  const [field, setField] = useState<ContactTagField>('tag1');
  const [value, setValue] = useState('');
  const submit = () => onConfirm({ field, value: value.trim() || null });
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('bulk.setTagTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>{t('bulk.setTagMessage', { count, amount })}</DialogContentText>
        <Stack
          spacing={2.5}
          component="form"
          id={`${titleId}-form`}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            label={t('bulk.tagField')}
            value={field}
            onChange={(event) => setField(event.target.value as ContactTagField)}
            disabled={busy}
          >
            {CONTACT_TAG_FIELDS.map((tagField) => (
              <MenuItem key={tagField} value={tagField}>
                {t(`fields.${tagField}`)}
              </MenuItem>
            ))}
          </TextField>
          <TagAutocomplete
            key={field}
            field={field}
            mode="input"
            label={t('bulk.tagValue')}
            value={value}
            onChange={setValue}
            helperText={t('bulk.tagValueHint')}
          />
        </Stack>
        {error ? (
          <DialogContentText role="alert" color="error" sx={{ mt: 2 }}>
            {error}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="inherit">
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" loading={busy}>
          {value.trim() ? t('bulk.applyTag') : t('bulk.clearTag')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
