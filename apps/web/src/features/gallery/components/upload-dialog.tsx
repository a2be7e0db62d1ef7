import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, IMAGE_UPLOAD_LIMITS } from '@sms/contracts/brand-defaults';
import { GALLERY_LIMITS } from '@sms/contracts/gallery';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadGalleryImage } from '../../../api/gallery/upload-gallery-image';
import { InputField } from '../../../components/forms/input-field';
import { ApiError, errorMessage } from '../../../lib/api-client';

const LIMITS = IMAGE_UPLOAD_LIMITS.galleryImage;

/** Choose an image and describe it (alt text); the server checks the file by its content and re-encodes it. */
export function UploadDialog({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: () => void }) {
  const { t } = useTranslation('gallery');
  const uploading = useUploadGalleryImage();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [missing, setMissing] = useState(false);
  const inputId = useId();
  const fieldError = uploading.error instanceof ApiError ? uploading.error.field : undefined;
  const close = () => {
    uploading.reset();
    setFile(null);
    setAlt('');
    setMissing(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    uploading.mutate(
      { file, alt },
      {
        onSuccess: () => {
          close();
          onUploaded();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="gallery-upload-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="gallery-upload-title">{t('upload.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('upload.limits', { size: formatBytes(LIMITS.maxBytes) })}
            </Typography>
            <div>
              <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<IconUpload size={18} aria-hidden />}>
                {t('upload.choose')}
              </Button>
              <input
                id={inputId}
                type="file"
                accept={LIMITS.types.join(',')}
                data-testid="gallery-file-input"
                aria-label={t('upload.choose')}
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setMissing(false);
                  uploading.reset();
                }}
              />
              <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="gallery-file-name">
                {file ? file.name : t('upload.noFile')}
              </Typography>
            </div>
            <InputField
              label={t('fields.alt')}
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
              helperText={fieldError === 'alt' ? errorMessage(uploading.error) : t('fields.altHint')}
              error={fieldError === 'alt'}
              slotProps={{ htmlInput: { maxLength: GALLERY_LIMITS.alt } }}
            />
            {missing ? <Alert severity="error">{t('upload.missing')}</Alert> : null}
            {uploading.isError && fieldError !== 'alt' ? (
              <Alert severity="error" data-testid="gallery-upload-error">
                {errorMessage(uploading.error)}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('upload.cancel')}</Button>
          <Button type="submit" variant="contained" loading={uploading.isPending}>
            {t('upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
