import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { USAGE_PERIODS, type UsagePeriod } from '@sms/contracts/usage';
import { IconCash, IconChartLine, IconMessage, IconStack2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsage } from '../../../api/usage/get-usage';
import { AccessDenied } from '../../../components/access-denied';
import { KpiCard } from '../../../components/kpi-card';
import { MessageSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { formatMoney } from '../../../lib/money';
import { Can } from '../../../lib/permissions/can';
import { BudgetBars } from '../components/budget-bars';
import { BudgetDialog } from '../components/budget-dialog';
import { SpendBreakdown, type BreakdownKind } from '../components/spend-breakdown';
import { UsageSeries } from '../components/usage-series';

const BREAKDOWNS: BreakdownKind[] = ['byCampaign', 'byCountry', 'byApiKey', 'byUser'];

/** /dashboards/ecommerce: usage and spend per period, this month's forecast and the budgets (decision 109). */
export default function UsagePage() {
  const { t, i18n } = useTranslation('spend');
  const [period, setPeriod] = useState<UsagePeriod>('day');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const usage = useUsage({ period });
  if (usage.error instanceof ApiError && usage.error.status === 403) return <AccessDenied ns="spend" />;
  const data = usage.data;
  const money = (value: number) => (data ? formatMoney(value, data.currency, i18n.language) : '');
  const count = new Intl.NumberFormat(intlLocale(i18n.language));
  const day = (date: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography id="usage-period-label" variant="subtitle2" component="span">
            {t('period.label')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={period}
            onChange={(_event, next: UsagePeriod | null) => next && setPeriod(next)}
            aria-labelledby="usage-period-label"
          >
            {USAGE_PERIODS.map((option) => (
              <ToggleButton key={option} value={option} data-testid={`period-${option}`}>
                {t(`period.${option}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </CardContent>
      </Card>
      <LoadOrRetry query={usage}>
        {data ? (
          <Stack spacing={3}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <KpiCard label={t('kpi.monthSpent')} value={money(data.month.spent)} icon={IconCash} testId="kpi-month-spent" />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <KpiCard
                  label={t('kpi.forecast')}
                  value={money(data.month.forecast)}
                  detail={t('kpi.forecastDetail', { rate: money(data.month.dailyRate) })}
                  icon={IconChartLine}
                  testId="kpi-forecast"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <KpiCard
                  label={t('kpi.periodSpend')}
                  value={money(data.total.amount)}
                  detail={t('kpi.periodRange', { from: day(data.from), to: day(data.to) })}
                  icon={IconCash}
                  testId="kpi-period-spend"
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
                <KpiCard
                  label={t('kpi.messages')}
                  value={count.format(data.total.messages)}
                  detail={t('kpi.parts', { parts: count.format(data.total.parts) })}
                  icon={data.total.parts > data.total.messages ? IconStack2 : IconMessage}
                  testId="kpi-messages"
                />
              </Grid>
            </Grid>
            <BudgetBars
              usage={data}
              actions={
                <Can I="update" a="Settings">
                  <Button variant="outlined" size="small" onClick={() => setEditing(true)} data-testid="budget-edit">
                    {t('budget.edit')}
                  </Button>
                </Can>
              }
            />
            <UsageSeries usage={data} />
            <Grid container spacing={2}>
              {BREAKDOWNS.map((kind) => (
                <Grid key={kind} size={{ xs: 12, lg: 6 }}>
                  <SpendBreakdown kind={kind} lines={data.spend[kind]} currency={data.currency} />
                </Grid>
              ))}
            </Grid>
          </Stack>
        ) : null}
      </LoadOrRetry>
      {/* Mounted only while open: it reads the API keys, which only administrators may list. */}
      {editing ? (
        <BudgetDialog
          open
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : null}
      <MessageSnackbar
        message={saved ? t('dialog.saved') : null}
        severity="success"
        autoHideDuration={4000}
        onClose={() => setSaved(false)}
      />
    </PageContainer>
  );
}
