import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MERGE_FIELD_NAME_MAX, STANDARD_MERGE_FIELDS } from '@sms/contracts/message-template';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeTag } from '../../../../lib/messaging/message-stats';

const CUSTOM = '__custom__';
const FORBIDDEN = /[{}|\p{Cc}]/u;

/** Picks a merge field (a standard one or a contact custom field) and its fallback, then inserts the tag. */
export function MergeFieldDialog({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (tag: string) => void }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const titleId = useId();
  const [field, setField] = useState<string>(STANDARD_MERGE_FIELDS[0]);
  const [custom, setCustom] = useState('');
  const [fallback, setFallback] = useState('');
  const name = field === CUSTOM ? custom.trim() : field;
  const customProblem =
    field === CUSTOM && custom !== '' && (FORBIDDEN.test(custom) || custom.trim() === '') ? t('composer.mergeFields.badName') : null;
  const fallbackProblem = /[{}|]/.test(fallback) ? t('composer.mergeFields.badFallback') : null;
  const valid = name !== '' && !customProblem && !fallbackProblem;
  const close = () => {
    setCustom('');
    setFallback('');
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('composer.mergeFields.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('composer.mergeFields.field')}
            value={field}
            onChange={(event) => setField(event.target.value)}
            fullWidth
          >
            {STANDARD_MERGE_FIELDS.map((standard) => (
              <MenuItem key={standard} value={standard}>
                {t(`composer.mergeFields.standard.${standard}`)}
              </MenuItem>
            ))}
            <MenuItem value={CUSTOM}>{t('composer.mergeFields.custom')}</MenuItem>
          </TextField>
          {field === CUSTOM ? (
            <TextField
              label={t('composer.mergeFields.customName')}
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              error={customProblem !== null}
              helperText={customProblem ?? t('composer.mergeFields.customHint')}
              slotProps={{ htmlInput: { maxLength: MERGE_FIELD_NAME_MAX } }}
              autoFocus
              fullWidth
            />
          ) : null}
          <TextField
            label={t('composer.mergeFields.fallback')}
            value={fallback}
            onChange={(event) => setFallback(event.target.value)}
            error={fallbackProblem !== null}
            helperText={fallbackProblem ?? t('composer.mergeFields.fallbackHint')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            fullWidth
          />
          {valid ? (
            <Typography variant="body2" color="text.secondary">
              {t('composer.mergeFields.result')}{' '}
              <bdi dir="ltr" style={{ fontFamily: 'monospace' }}>
                {mergeTag(name, fallback)}
              </bdi>
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!valid}
          onClick={() => {
            onInsert(mergeTag(name, fallback));
            close();
          }}
        >
          {t('composer.mergeFields.insert')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
