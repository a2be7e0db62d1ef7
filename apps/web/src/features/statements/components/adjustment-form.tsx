import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADJUSTMENT_KINDS, STATEMENT_LIMITS, type Adjustment, type AdjustmentKind } from '@sms/contracts/statements';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAdjustment } from '../../../api/statements/save-adjustment';
import { InputField } from '../../../components/forms/input-field';
import { ApiError } from '../../../lib/api-client';
import { statementError } from './statement-format';

export interface AdjustmentFormProps {
  statementId: string;
  /** The adjustment being changed; none: a new one. */
  editing: Adjustment | null;
  onDone: () => void;
}

/** Adds a credit or a charge with its reason, or changes one; a 400 shows under its field. */
export function AdjustmentForm({ statementId, editing, onDone }: AdjustmentFormProps) {
  const { t } = useTranslation(['statements', 'common']);
  const [kind, setKind] = useState<AdjustmentKind>(editing?.kind ?? 'credit');
  const [amount, setAmount] = useState(editing ? String(editing.amount) : '');
  const [reason, setReason] = useState(editing?.reason ?? '');
  const save = useSaveAdjustment();
  const error = save.error;
  const field = error instanceof ApiError && error.status === 400 ? error.field : undefined;
  const fieldProps = (name: string) => (field === name ? { error: true, helperText: statementError(t, error) } : {});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { statementId, ...(editing ? { adjustmentId: editing.id } : {}), body: { kind, amount: Number(amount), reason } },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
          onDone();
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      onSubmit={submit}
      noValidate
      spacing={2}
      sx={{ p: 2 }}
      aria-label={editing ? t('adjustment.edit') : t('adjustment.add')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('adjustment.kind')}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as AdjustmentKind)}
          sx={{ minWidth: 160 }}
        >
          {ADJUSTMENT_KINDS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`adjustment.kinds.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <InputField
          label={t('adjustment.amount')}
          name="amount"
          type="number"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          required
          slotProps={{ htmlInput: { min: 0, step: '0.0001', inputMode: 'decimal' } }}
          {...fieldProps('amount')}
        />
      </Stack>
      <InputField
        label={t('adjustment.reason')}
        name="reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: STATEMENT_LIMITS.reasonMax } }}
        {...fieldProps('reason')}
      />
      {error && !field ? <Alert severity="error">{statementError(t, error)}</Alert> : null}
      <Stack direction="row" spacing={1.5}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {editing ? t('adjustment.save') : t('adjustment.add')}
        </Button>
        {editing ? (
          <Button color="inherit" onClick={onDone}>
            {t('adjustment.cancelEdit')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
