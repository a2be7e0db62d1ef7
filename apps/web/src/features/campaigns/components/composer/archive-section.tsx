import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface ArchiveSectionProps {
  published: boolean;
  onChange: (published: boolean) => void;
  /** Merge fields without a fallback: publishing waits until each has one. */
  missing: string[];
  publishedBy: string | null;
}

/** The composer's "Publish to archive" option, with the merge fields that block it named. */
export function ArchiveSection({ published, onChange, missing, publishedBy }: ArchiveSectionProps) {
  const { t } = useTranslation('archive');
  return (
    <Stack spacing={1.5}>
      <FormControlLabel
        control={<Switch checked={published} onChange={(event) => onChange(event.target.checked)} />}
        label={t('composer.publish')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('composer.hint')}
      </Typography>
      {published && publishedBy ? (
        <Typography variant="body2" color="text.secondary">
          {t('composer.published', { name: publishedBy })}
        </Typography>
      ) : null}
      {missing.length > 0 ? (
        <Alert severity="error" data-testid="archive-missing-fallback">
          {t('composer.missingFallback', {
            example: `{{${missing[0] ?? 'first_name'} | …}}`,
            fields: missing.map((field) => `{{${field}}}`).join(', '),
          })}
        </Alert>
      ) : null}
    </Stack>
  );
}
