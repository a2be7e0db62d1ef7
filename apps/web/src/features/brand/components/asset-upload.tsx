import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BRAND_UPLOAD_LIMITS, formatBytes, type BrandAssetKind } from '@sms/contracts/brand-defaults';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AssetPreview } from './asset-preview';
import { acceptOf, checkBrandFile, uploadErrorText } from './upload-check';

export interface AssetUploadProps {
  kind: BrandAssetKind;
  /** The saved image, if any. */
  url: string | null;
  canEdit: boolean;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<void>;
  remove: () => Promise<void>;
  /** Called with a short success text (shown in a snackbar). */
  onDone: (message: string) => void;
}

/** One brand image: preview, drag-and-drop or click to choose, checks before sending, progress, remove. */
export function AssetUpload({ kind, url, canEdit, upload, remove, onDone }: AssetUploadProps) {
  const { t } = useTranslation('brand');
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const name = t(`upload.${kind}.title`);
  const busy = progress !== null || removing;
  const active = canEdit && !busy;

  async function send(file: File) {
    const problem = checkBrandFile(kind, file);
    setError(problem);
    if (problem) return;
    const local = URL.createObjectURL(file);
    setPending(local);
    setProgress(0);
    try {
      await upload(file, setProgress);
      onDone(t('upload.uploaded', { name }));
    } catch (failure) {
      setError(uploadErrorText(failure));
    } finally {
      setProgress(null);
      setPending(null);
      URL.revokeObjectURL(local);
    }
  }

  async function clear() {
    setError(null);
    setRemoving(true);
    try {
      await remove();
      onDone(t('upload.removed', { name }));
    } catch (failure) {
      setError(uploadErrorText(failure));
    } finally {
      setRemoving(false);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (active && file) void send(file);
  };

  return (
    <Box role="group" aria-labelledby={titleId} aria-describedby={hintId} data-testid={`upload-${kind}`}>
      <Typography id={titleId} variant="h6" component="h3">
        {name}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t(`upload.${kind}.hint`, { size: formatBytes(BRAND_UPLOAD_LIMITS[kind].maxBytes) })}
      </Typography>
      <Box
        onDragOver={(event) => {
          if (!active) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { sm: 'center' },
          gap: 2,
          p: 2,
          borderRadius: 1.5,
          border: '1px dashed',
          borderColor: dragging ? 'primary.main' : error ? 'error.main' : 'divider',
          bgcolor: dragging ? 'primary.light' : 'transparent',
          transition: 'background-color 120ms, border-color 120ms',
        }}
      >
        <AssetPreview kind={kind} src={pending ?? url} label={t('upload.preview', { name })} emptyText={t('upload.none')} />
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          {canEdit ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {dragging ? t('upload.dropHere') : t('upload.drop')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<IconPhotoUp size={18} aria-hidden />}
                  onClick={() => input.current?.click()}
                  disabled={!active}
                >
                  {url ? t('upload.replace') : t('upload.choose')}
                </Button>
                {url ? (
                  <Button
                    variant="text"
                    color="error"
                    size="small"
                    startIcon={<IconTrash size={18} aria-hidden />}
                    onClick={() => void clear()}
                    disabled={!active}
                    loading={removing}
                  >
                    {t('upload.remove')}
                  </Button>
                ) : null}
              </Stack>
              <input
                ref={input}
                type="file"
                name={BRAND_UPLOAD_LIMITS[kind].field}
                accept={acceptOf(kind)}
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void send(file);
                }}
              />
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {url ? t('upload.set') : t('upload.none')}
            </Typography>
          )}
          {progress !== null ? (
            <Box role="status" aria-live="polite">
              <LinearProgress
                variant="determinate"
                value={progress}
                aria-label={t('upload.progressLabel', { name })}
                sx={{ height: 6, borderRadius: 3 }}
              />
              <Typography variant="caption" color="text.secondary" data-testid={`upload-${kind}-progress`}>
                {t('upload.uploading', { percent: progress })}
              </Typography>
            </Box>
          ) : null}
        </Stack>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid={`upload-${kind}-error`}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
}
