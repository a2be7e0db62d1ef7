import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMPORT_LIMITS } from '@sms/contracts/imports';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useUploadImport } from '../../../api/imports/upload-import';
import { ACCEPT_ATTRIBUTE, checkFile, formatBytes, uploadErrorKind, type FileProblem } from './upload-checks';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** Step 1: drop or choose a file, check it, send it with a percent progress bar. */
export function UploadStep({ onUploaded }: { onUploaded: (importId: string) => void }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [percent, setPercent] = useState(0);
  const [dragging, setDragging] = useState(false);

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    upload.reset();
    setFile(chosen);
    setProblem(checkFile(chosen));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };
  const send = () => {
    if (!file || problem) return;
    setPercent(0);
    upload.mutate({ file, onProgress: setPercent }, { onSuccess: (data) => onUploaded(data.import.id) });
  };

  const maxSize = formatBytes(IMPORT_LIMITS.maxFileBytes, language);
  const serverKind = upload.isError ? uploadErrorKind(upload.error) : null;

  return (
    <Stack spacing={3}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'primary.light' : 'background.default',
          borderRadius: 2,
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
          transition: 'background-color 120ms, border-color 120ms',
        }}
      >
        <Box aria-hidden sx={{ color: 'primary.main', mb: 1 }}>
          <IconFileSpreadsheet size={44} stroke={1.4} />
        </Box>
        <Typography variant="h6" component="p" sx={{ mb: 0.5 }}>
          {t('upload.dropTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('upload.dropHint', { max: maxSize })}
        </Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          hidden
          data-testid="import-file-input"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {t('upload.choose')}
        </Button>
      </Box>

      {file ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="import-file-name">
              {file.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatBytes(file.size, language)}
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<IconUpload size={18} aria-hidden />}
            onClick={send}
            disabled={Boolean(problem)}
            loading={upload.isPending}
          >
            {t('upload.send')}
          </Button>
        </Stack>
      ) : null}

      {upload.isPending ? (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('upload.progress', { percent })}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={t('upload.progressLabel')} />
        </Box>
      ) : null}

      {problem ? (
        <Alert severity="error" data-testid="import-file-problem">
          {t(`upload.problems.${problem}`, { max: maxSize })}
        </Alert>
      ) : null}

      {serverKind ? (
        <Alert severity="error" data-testid="import-upload-error">
          <AlertTitle>{t(`upload.serverErrors.${serverKind}`)}</AlertTitle>
          {upload.error instanceof ApiError ? upload.error.detail : errorMessage(upload.error)}
        </Alert>
      ) : null}

      <Typography variant="body2" color="text.secondary">
        {t('upload.formats', {
          max: maxSize,
          rows: new Intl.NumberFormat(intlLocale(language)).format(IMPORT_LIMITS.maxRows),
          columns: IMPORT_LIMITS.maxColumns,
        })}
      </Typography>
    </Stack>
  );
}
