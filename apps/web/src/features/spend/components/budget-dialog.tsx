import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BudgetSettings } from '@sms/contracts/usage';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiKeys } from '../../../api/api-keys/get-api-keys';
import { useBudgets, useUpdateBudgets } from '../../../api/usage/budgets';
import { InputField } from '../../../components/forms/input-field';
import { errorMessage } from '../../../lib/api-client';

const asText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The administrators' monthly caps: the organisation's and, optionally, each API key's (blank: none). */
export function BudgetDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('spend');
  const budgets = useBudgets(open);
  const keys = useApiKeys();
  const saving = useUpdateBudgets();
  const [cap, setCap] = useState('');
  const [keyCaps, setKeyCaps] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !budgets.data) return;
    setCap(asText(budgets.data.budgets.monthlyCap));
    setKeyCaps(Object.fromEntries(budgets.data.budgets.apiKeyCaps.map((row) => [row.apiKeyId, asText(row.monthlyCap)])));
    setError(null);
  }, [open, budgets.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: BudgetSettings = {
      monthlyCap: cap.trim() === '' ? null : Number(cap),
      apiKeyCaps: Object.entries(keyCaps)
        .filter(([, value]) => value.trim() !== '')
        .map(([apiKeyId, value]) => ({ apiKeyId, monthlyCap: Number(value) })),
    };
    saving.mutate(body, { onSuccess: onSaved, onError: (failure) => setError(errorMessage(failure)) });
  };
  const currency = budgets.data?.currency ?? '';
  const activeKeys = (keys.data ?? []).filter((key) => !key.revokedAt);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="budget-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="budget-dialog-title">{t('dialog.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Typography variant="body2" color="text.secondary">
              {t('dialog.intro')}
            </Typography>
            <InputField
              label={t('dialog.monthlyCap', { currency })}
              name="monthlyCap"
              type="number"
              value={cap}
              onChange={(event) => setCap(event.target.value)}
              helperText={t('dialog.blank')}
              slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': 'budget-cap' } }}
            />
            {activeKeys.length > 0 ? (
              <Typography variant="subtitle2" component="h3">
                {t('dialog.keys')}
              </Typography>
            ) : null}
            {activeKeys.map((key) => (
              <InputField
                key={key.id}
                label={t('dialog.keyCap', { name: key.name, currency })}
                name={`key-${key.id}`}
                type="number"
                value={keyCaps[key.id] ?? ''}
                onChange={(event) => setKeyCaps((current) => ({ ...current, [key.id]: event.target.value }))}
                slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" loading={saving.isPending} data-testid="budget-save">
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
