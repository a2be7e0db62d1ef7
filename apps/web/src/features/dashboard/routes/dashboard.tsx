import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { DashboardCampaign, Dashboard as DashboardData } from '@sms/contracts/dashboard';
import { IconAddressBook, IconAddressBookOff, IconMessage2, IconMessageCircleUp, IconTruckDelivery } from '@tabler/icons-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { browserTimeZone } from '../../../lib/time-zones';
import { useDashboard } from '../../../api/dashboard/get-dashboard';
import { CampaignsCard } from '../components/campaigns-card';
import { ColumnChartWhenVisible } from '../components/column-chart-when-visible';
import { dailyBars, formatPercent, sparseLabelIndexes, statusBars } from '../components/dashboard-figures';
import { GettingStartedSection } from '../components/getting-started-section';
import { KpiCard } from '../../../components/kpi-card';
import { RecentRepliesCard } from '../components/recent-replies-card';
import { intlLocale } from '../../../lib/i18n/intl-locale';

type WindowKey = keyof DashboardData['messages'];
const WINDOWS: WindowKey[] = ['today', 'last7Days', 'last30Days'];
const OPTED_OUT_CONTACTS = `${paths.contacts.list}?status=opted_out`;

/** /dashboard: headline figures, then the getting-started checklist (until done or hidden), charts, live campaigns and replies. */
export default function Dashboard() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { user } = useAuth();
  const ability = useAbility();
  const { language } = useLanguage();
  const timeZone = useMemo(() => browserTimeZone() ?? 'UTC', []);
  const dashboard = useDashboard(timeZone);
  const { error } = dashboard;
  // The figures and charts render from a deferred copy of the answer: the query's update itself is
  // synchronous (an external store), so the heavy render it starts runs in slices instead (decision 062).
  const data = useDeferredValue(dashboard.data);
  const [windowKey, setWindowKey] = useState<WindowKey>('today');
  const number = useMemo(() => new Intl.NumberFormat(intlLocale(language)), [language]);
  const format = (value: number) => number.format(value);
  const formatDate = (date: string, style: 'medium' | 'short') =>
    new Intl.DateTimeFormat(
      intlLocale(language),
      style === 'medium' ? { dateStyle: 'medium', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    ).format(new Date(`${date}T12:00:00Z`));

  const canContacts = ability.can('read', 'Contact');
  const canCampaigns = ability.can('read', 'Campaign');
  // A campaign that has not started sending has no report yet (decision 084).
  const campaignLink = (campaign: DashboardCampaign) =>
    canCampaigns ? paths.campaigns.detail(campaign.id) : campaign.launchedAt ? paths.reports.delivery(campaign.id) : null;

  const shown = data?.messages[windowKey];
  const last30 = data?.messages.last30Days;
  const messageBars = useMemo(() => (shown ? statusBars(shown.counts) : []), [shown]);
  const optOutBars = useMemo(() => dailyBars(data?.optOuts.daily ?? []), [data?.optOuts.daily]);
  const optOutTicks = useMemo(() => sparseLabelIndexes(optOutBars.length), [optOutBars.length]);
  const sendingNothing = data ? data.campaigns.activeTotal === 0 && data.campaigns.active.length === 0 : false;

  return (
    <PageContainer title={t('title')}>
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('welcome', { name: user?.name ?? '' })}
          </Typography>
          <Typography color="text.secondary">{t('intro', { role: user ? t(`common:roles.${user.role}`) : '' })}</Typography>
        </CardContent>
      </Card>

      {error ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}

      <Box component="section" aria-label={t('figures.title')} sx={{ mb: 3 }}>
        <Grid container spacing={3}>
          {!data || !last30 ? (
            Array.from({ length: 5 }, (_, i) => (
              <Grid key={i} size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <Skeleton variant="rounded" height={104} />
              </Grid>
            ))
          ) : (
            <>
              <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <KpiCard
                  testId="kpi-contacts"
                  icon={IconAddressBook}
                  label={t('figures.contacts')}
                  value={format(data.contacts.total)}
                  detail={t('figures.activeContacts', { n: format(data.contacts.active) })}
                  to={canContacts ? paths.contacts.list : undefined}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <KpiCard
                  testId="kpi-opted-out"
                  icon={IconAddressBookOff}
                  label={t('figures.optedOut')}
                  value={format(data.contacts.optedOut)}
                  detail={t('figures.optOuts30', { n: format(data.optOuts.total) })}
                  to={canContacts ? OPTED_OUT_CONTACTS : undefined}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <KpiCard
                  testId="kpi-messages-today"
                  icon={IconMessage2}
                  label={t('figures.messagesToday')}
                  value={format(data.messages.today.counts.total)}
                  detail={t('figures.messages7', { n: format(data.messages.last7Days.counts.total) })}
                  to={paths.reports.list}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <KpiCard
                  testId="kpi-delivery-rate"
                  icon={IconTruckDelivery}
                  label={t('figures.deliveryRate')}
                  value={formatPercent(last30.deliveryRate, language)}
                  detail={t('figures.last30Days')}
                  to={paths.reports.list}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, lg: 2.4 }}>
                <KpiCard
                  testId="kpi-response-rate"
                  icon={IconMessageCircleUp}
                  label={t('figures.responseRate')}
                  value={formatPercent(last30.responseRate, language)}
                  detail={t('figures.repliedCount', { count: last30.counts.replied, n: format(last30.counts.replied) })}
                  to={paths.reports.list}
                />
              </Grid>
            </>
          )}
        </Grid>
      </Box>

      {/* Under the figures, the rest renders once they have painted (issue 37): a first visit shows
          the figures without waiting for the charts' cards, the campaigns and the replies. */}
      {data || error ? (
        <AfterFirstPaint>
          <GettingStartedSection setup={data?.setup} />

          {data && shown ? (
            <Grid container spacing={3} sx={{ mb: 3 }}>
              <Grid size={{ xs: 12, lg: 7 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
                      <Typography variant="h6" component="h2" id="messages-chart-title">
                        {t('charts.messagesTitle')}
                      </Typography>
                      <ToggleButtonGroup
                        size="small"
                        exclusive
                        value={windowKey}
                        onChange={(_, value: WindowKey | null) => value && setWindowKey(value)}
                        aria-label={t('charts.window')}
                      >
                        {WINDOWS.map((key) => (
                          <ToggleButton key={key} value={key} data-testid={`window-${key}`}>
                            {t(`charts.windows.${key}`)}
                          </ToggleButton>
                        ))}
                      </ToggleButtonGroup>
                    </Box>
                    <ColumnChartWhenVisible
                      testId="messages-chart"
                      caption={t('charts.messagesCaption', { window: t(`charts.windows.${windowKey}`) })}
                      format={format}
                      bars={messageBars}
                      labelOf={(status) => t(`dashboard:statuses.${status}`)}
                    />
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
                      <Typography variant="body2" color="text.secondary" data-testid="messages-window-summary">
                        {t('charts.windowSummary', {
                          // Each count with its own plural form (CLDR rules of the language).
                          messages: t('charts.messagesCount', { count: shown.counts.total, n: format(shown.counts.total) }),
                          campaigns: t('charts.campaignsCount', { count: shown.campaigns, n: format(shown.campaigns) }),
                          delivery: formatPercent(shown.deliveryRate, language),
                          response: formatPercent(shown.responseRate, language),
                        })}
                      </Typography>
                      <Link component={RouterLink} to={paths.reports.list} variant="body2">
                        {t('charts.openReports')}
                      </Link>
                    </Box>
                  </CardContent>
                </Card>
              </Grid>
              <Grid size={{ xs: 12, lg: 5 }}>
                <Card sx={{ height: '100%' }}>
                  <CardContent>
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 2 }}>
                      <Typography variant="h6" component="h2">
                        {t('charts.optOutsTitle')}
                      </Typography>
                      {canContacts ? (
                        <Link component={RouterLink} to={OPTED_OUT_CONTACTS} variant="body2" data-testid="opt-outs-link">
                          {t('charts.openOptedOut')}
                        </Link>
                      ) : null}
                    </Box>
                    {data.optOuts.total === 0 ? (
                      // No opt-outs: a sentence, not thirty empty columns over a lone '0'.
                      <Typography color="text.secondary" data-testid="opt-outs-none">
                        {t('charts.optOutsNone')}
                      </Typography>
                    ) : (
                      <>
                        <ColumnChartWhenVisible
                          testId="opt-outs-chart"
                          caption={t('charts.optOutsCaption')}
                          format={format}
                          bars={optOutBars}
                          labelOf={(date) => formatDate(date, 'medium')}
                          tickOf={(date) => formatDate(date, 'short')}
                          showTick={(index) => optOutTicks.has(index)}
                        />
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                          {t('charts.optOutsSummary', { count: data.optOuts.total, n: format(data.optOuts.total) })}
                        </Typography>
                      </>
                    )}
                  </CardContent>
                </Card>
              </Grid>

              {sendingNothing ? (
                // Nothing sending: one line, not a large empty card.
                <Grid size={12}>
                  <Card data-testid="dashboard-active">
                    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                      <Typography color="text.secondary">{t('campaigns.activeNone')}</Typography>
                    </CardContent>
                  </Card>
                </Grid>
              ) : (
                <Grid size={{ xs: 12, md: 6, lg: 4 }}>
                  <CampaignsCard
                    testId="dashboard-active"
                    live
                    title={t('campaigns.activeTitle')}
                    campaigns={data.campaigns.active}
                    total={data.campaigns.activeTotal}
                    empty={t('campaigns.activeEmpty')}
                    linkOf={campaignLink}
                    allTo={canCampaigns ? `${paths.campaigns.list}?status=sending&status=paused` : paths.reports.list}
                    allLabel={t('campaigns.seeAll')}
                  />
                </Grid>
              )}
              <Grid size={{ xs: 12, md: 6, lg: sendingNothing ? 6 : 4 }}>
                <CampaignsCard
                  testId="dashboard-scheduled"
                  title={t('campaigns.scheduledTitle')}
                  campaigns={data.campaigns.scheduled}
                  total={data.campaigns.scheduledTotal}
                  empty={t('campaigns.scheduledEmpty')}
                  linkOf={campaignLink}
                  allTo={canCampaigns ? paths.calendar : paths.reports.list}
                  allLabel={canCampaigns ? t('campaigns.openCalendar') : t('campaigns.seeAll')}
                />
              </Grid>
              {data.repliesVisible ? (
                <Grid size={{ xs: 12, md: sendingNothing ? 6 : 12, lg: sendingNothing ? 6 : 4 }}>
                  <RecentRepliesCard replies={data.recentReplies} />
                </Grid>
              ) : null}
            </Grid>
          ) : null}

          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('profileTitle')}
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('profileText')}
              </Typography>
              <Button component={RouterLink} to={paths.userProfile} variant="outlined">
                {t('profileLink')}
              </Button>
            </CardContent>
          </Card>
        </AfterFirstPaint>
      ) : null}
    </PageContainer>
  );
}
