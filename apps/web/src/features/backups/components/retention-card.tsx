import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RETENTION_LIMITS, type RetentionSettings } from '@sms/contracts/data-lifecycle';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api-client';
import { useRetention } from '../../../api/settings/get-retention';
import { useUpdateRetention } from '../../../api/settings/update-retention';
import { InputField } from '../../../components/forms/input-field';

type Field = keyof RetentionSettings;
const FIELDS: Field[] = ['messageBodyDays', 'importFileDays', 'auditLogDays'];
const minimum = (field: Field) => (field === 'auditLogDays' ? RETENTION_LIMITS.auditMinDays : 1);

/** Configurations -> Maintenance (administrators): how long old data is kept; empty = for ever. */
export function RetentionCard() {
  const retention = useRetention();
  if (retention.isPending) return <FullPageLoader />;
  if (retention.isError) return <RetryAlert error={retention.error} onRetry={() => void retention.refetch()} />;
  return <RetentionForm key={JSON.stringify(retention.data)} saved={retention.data} />;
}

function RetentionForm({ saved }: { saved: RetentionSettings }) {
  const { t } = useTranslation(['backups', 'common']);
  const update = useUpdateRetention();
  const [values, setValues] = useState<Record<Field, string>>({
    messageBodyDays: saved.messageBodyDays === null ? '' : String(saved.messageBodyDays),
    importFileDays: saved.importFileDays === null ? '' : String(saved.importFileDays),
    auditLogDays: saved.auditLogDays === null ? '' : String(saved.auditLogDays),
  });
  const parsed = (field: Field) => (values[field].trim() === '' ? null : Number(values[field]));
  const valid = (field: Field) => {
    const value = parsed(field);
    return value === null || (Number.isInteger(value) && value >= minimum(field) && value <= RETENTION_LIMITS.maxDays);
  };
  const allValid = FIELDS.every(valid);
  const changed = FIELDS.some((field) => parsed(field) !== saved[field]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!allValid || !changed) return;
    update.mutate({
      messageBodyDays: parsed('messageBodyDays'),
      importFileDays: parsed('importFileDays'),
      auditLogDays: parsed('auditLogDays'),
    });
  };

  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('retention.title')} data-testid="retention-form">
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('retention.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            {t('retention.description')}
          </Typography>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            {FIELDS.map((field) => (
              <InputField
                key={field}
                label={t(`retention.${field}`)}
                value={values[field]}
                onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                error={!valid(field)}
                helperText={
                  valid(field) ? t('retention.keepForever') : t('retention.invalid', { min: minimum(field), max: RETENTION_LIMITS.maxDays })
                }
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            ))}
            {update.isError ? <Alert severity="error">{errorMessage(update.error)}</Alert> : null}
            {update.isSuccess && !changed ? <Alert severity="success">{t('retention.saved')}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" disabled={!changed || !allValid || update.isPending}>
                {t('common:actions.save')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
