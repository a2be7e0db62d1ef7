import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateApprovalRule } from '../../../api/campaigns/approval-rule';
import { InputField } from '../../../components/forms/input-field';
import { toApiError } from '../../../lib/api-error';

/**
 * The approval rule (decision 101): "campaigns to more than N recipients need approval by a
 * manager or administrator other than their author". Admins change it here; others read it.
 */
export function ApprovalRuleCard({ threshold, canEdit }: { threshold: number | null; canEdit: boolean }) {
  const { t } = useTranslation('kanban');
  const update = useUpdateApprovalRule();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? (threshold === null ? '' : String(threshold));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    const next = text === '' ? null : Number(text);
    if (next !== null && (!Number.isInteger(next) || next < 1)) {
      setError(t('rule.invalid'));
      return;
    }
    setError(null);
    setSaved(false);
    update.mutate(
      { threshold: next },
      {
        onSuccess: () => {
          setDraft(null);
          setSaved(true);
        },
        onError: (failure) => setError(toApiError(failure).detail),
      },
    );
  };
  const summary = threshold === null ? t('rule.off') : t('rule.on', { count: threshold });
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('rule.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="approval-rule" sx={{ mb: canEdit ? 1.5 : 0 }}>
          {summary}
        </Typography>
        {canEdit ? (
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <InputField
              size="small"
              label={t('rule.threshold')}
              name="threshold"
              type="number"
              value={value}
              onChange={(event) => {
                setDraft(event.target.value);
                setSaved(false);
              }}
              error={error !== null}
              helperText={error ?? t('rule.hint')}
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              sx={{ width: { xs: '100%', sm: 260 } }}
            />
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('rule.save')}
            </Button>
          </Box>
        ) : null}
        {saved ? (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('rule.saved')}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
