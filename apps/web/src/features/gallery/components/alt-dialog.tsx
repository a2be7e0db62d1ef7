import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { GALLERY_LIMITS, type GalleryImage } from '@sms/contracts/gallery';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateGalleryImage } from '../../../api/gallery/update-gallery-image';
import { InputField } from '../../../components/forms/input-field';
import { errorMessage } from '../../../lib/api-client';

/** Changes an image's alt text (what screen readers say, and the text used when it is inserted into a post). */
export function AltDialog({ image, onClose, onSaved }: { image: GalleryImage; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('gallery');
  const saving = useUpdateGalleryImage();
  const [alt, setAlt] = useState(image.alt);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate({ id: image.id, alt }, { onSuccess: onSaved });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="gallery-alt-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="gallery-alt-title">{t('alt.title')}</DialogTitle>
        <DialogContent>
          <InputField
            sx={{ mt: 1 }}
            fullWidth
            label={t('fields.alt')}
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            helperText={t('fields.altHint')}
            slotProps={{ htmlInput: { maxLength: GALLERY_LIMITS.alt } }}
          />
          {saving.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(saving.error)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('upload.cancel')}</Button>
          <Button type="submit" variant="contained" loading={saving.isPending}>
            {t('alt.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
