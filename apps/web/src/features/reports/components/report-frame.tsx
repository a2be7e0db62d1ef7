import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReportCampaignHeader } from '@sms/contracts/reports';
import { IconExternalLink } from '@tabler/icons-react';
import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useAbility } from '../../../lib/permissions/use-ability';
import { ExportButtons } from './export-buttons';
import { CAMPAIGN_REPORTS, type CampaignReport } from './report-links';
import { CampaignStatusChip } from './status-chips';
import { useReportFormat } from './use-report-format';
import { lazyWhenReachable } from '../../../lib/lazy-page';

// The tabs (MUI's Tabs, 4.6 KB compressed) are the phone's form of the report links: wide screens never load them.
const ReportTabs = lazyWhenReachable(() => import('./report-tabs').then((module) => ({ default: module.ReportTabs })));

export interface ReportFrameProps {
  campaign: ReportCampaignHeader;
  kind: CampaignReport;
  /** The screen's filters, passed on to the export. */
  exportParams?: Record<string, unknown>;
  children: ReactNode;
}

/**
 * The frame of a campaign report: title, campaign status and dates, links to the other reports and
 * the campaign, export. Under 600 px the reports are tabs over the report as their panel.
 */
export function ReportFrame({ campaign, kind, exportParams, children }: ReportFrameProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const ability = useAbility();
  const phone = useCardLayout();
  const baseId = useId();
  const tabId = (report: CampaignReport) => `${baseId}-tab-${report}`;
  const panelId = `${baseId}-panel`;
  const title = t(`kinds.${kind}`);
  const openCampaign = ability.can('read', 'Campaign') ? (
    <Button
      component={RouterLink}
      to={paths.campaigns.detail(campaign.id)}
      color="inherit"
      startIcon={<IconExternalLink size={18} aria-hidden />}
      sx={phone ? { mb: 2 } : undefined}
    >
      {t('frame.openCampaign')}
    </Button>
  ) : null;
  return (
    <PageContainer
      title={`${title}: ${campaign.name}`}
      breadcrumbs={[{ label: t('list.title'), to: paths.reports.list }, { label: campaign.name }, { label: title }]}
      description={
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }} data-testid="report-header">
          <CampaignStatusChip status={campaign.status} />
          <span>
            {t('fields.launchedAt')}:{' '}
            {campaign.launchedAt ? <time dateTime={campaign.launchedAt}>{format.date(campaign.launchedAt)}</time> : t('never')}
          </span>
          {campaign.completedAt ? (
            <span>
              {t('fields.completedAt')}: <time dateTime={campaign.completedAt}>{format.date(campaign.completedAt)}</time>
            </span>
          ) : null}
        </Box>
      }
      actions={<ExportButtons kind={kind} campaignId={campaign.id} params={exportParams} />}
    >
      {phone ? (
        <>
          {openCampaign}
          <Suspense fallback={<Box sx={{ minHeight: 48 }} />}>
            <ReportTabs campaignId={campaign.id} kind={kind} reports={CAMPAIGN_REPORTS} panelId={panelId} tabId={tabId} />
          </Suspense>
          <Box role="tabpanel" id={panelId} aria-labelledby={tabId(kind)} sx={{ pt: 2.5 }} data-testid="report-panel">
            {children}
          </Box>
        </>
      ) : (
        <>
          <Stack
            component="nav"
            aria-label={t('frame.otherReports')}
            direction="row"
            sx={{ mb: 3, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {CAMPAIGN_REPORTS.map((report) => {
              const Icon = report.icon;
              const current = report.kind === kind;
              return (
                <Button
                  key={report.kind}
                  component={RouterLink}
                  to={report.to(campaign.id)}
                  variant={current ? 'contained' : 'outlined'}
                  aria-current={current ? 'page' : undefined}
                  startIcon={<Icon size={18} aria-hidden />}
                >
                  {t(`kinds.${report.kind}`)}
                </Button>
              );
            })}
            {openCampaign}
          </Stack>
          {children}
        </>
      )}
    </PageContainer>
  );
}
