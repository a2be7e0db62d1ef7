import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BudgetStatus, UsageResponse } from '@sms/contracts/usage';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';

/** One budget's bar: spent of the cap, amber from 80%, red once reached. */
function BudgetBar({ label, status, currency, testId }: { label: string; status: BudgetStatus; currency: string; testId: string }) {
  const { t, i18n } = useTranslation('spend');
  const money = (value: number) => formatMoney(value, currency, i18n.language);
  const percent = status.percent ?? 0;
  const color = status.reached ? 'error' : percent >= 80 ? 'warning' : 'primary';
  return (
    <Box data-testid={testId}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {status.cap === null
            ? t('budget.noCap', { spent: money(status.spent) })
            : t('budget.spentOf', { spent: money(status.spent), cap: money(status.cap), percent: Math.round(percent) })}
        </Typography>
      </Stack>
      {status.cap !== null ? (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, percent)}
          color={color}
          sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
          aria-label={label}
        />
      ) : null}
    </Box>
  );
}

/** The organisation's budget and the API keys' own, with what a reached budget means. */
export function BudgetBars({ usage, actions }: { usage: UsageResponse; actions?: ReactNode }) {
  const { t } = useTranslation('spend');
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('budget.title')}
          </Typography>
          {actions}
        </Stack>
        <Stack spacing={2}>
          {usage.budget.reached ? (
            <Alert severity="error" data-testid="budget-reached">
              {t('budget.reached')}
            </Alert>
          ) : null}
          <BudgetBar label={t('budget.organisation')} status={usage.budget} currency={usage.currency} testId="budget-organisation" />
          {usage.apiKeyBudgets.map((key) => (
            <BudgetBar
              key={key.apiKeyId}
              label={t('budget.apiKey', { name: key.name })}
              status={key}
              currency={usage.currency}
              testId={`budget-key-${key.apiKeyId}`}
            />
          ))}
          <Typography variant="body2" color="text.secondary">
            {t('budget.explain')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
