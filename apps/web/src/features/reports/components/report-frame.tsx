import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReportCampaignHeader } from '@sms/contracts/reports';
import { IconChartBar, IconExternalLink, IconTags, IconUserQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useAbility } from '../../../lib/permissions/use-ability';
import type { ReportKind } from '../api/export-report';
import { ExportButtons } from './export-buttons';
import { CampaignStatusChip } from './status-chips';
import { useReportFormat } from './use-report-format';

type CampaignReport = Exclude<ReportKind, 'campaigns'>;

const REPORTS: Array<{ kind: CampaignReport; to: (id: string) => string; icon: typeof IconChartBar }> = [
  { kind: 'delivery', to: paths.reports.delivery, icon: IconChartBar },
  { kind: 'tag1-grouped', to: paths.reports.tag1Grouped, icon: IconTags },
  { kind: 'non-responders', to: paths.reports.nonResponders, icon: IconUserQuestion },
];

export interface ReportFrameProps {
  campaign: ReportCampaignHeader;
  kind: CampaignReport;
  /** The screen's filters, passed on to the export. */
  exportParams?: Record<string, unknown>;
  children: ReactNode;
}

/** The frame of a campaign report: title, campaign status and dates, links to the other reports and the campaign, export. */
export function ReportFrame({ campaign, kind, exportParams, children }: ReportFrameProps) {
  const { t } = useTranslation('reports');
  const format = useReportFormat();
  const ability = useAbility();
  const title = t(`kinds.${kind}`);
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
      <Stack
        component="nav"
        aria-label={t('frame.otherReports')}
        direction="row"
        // One row that scrolls sideways on a phone (wrapped rows of these buttons were staggered), wrapping from 600 px.
        sx={{
          mb: 3,
          gap: 1,
          alignItems: 'center',
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          overflowX: { xs: 'auto', sm: 'visible' },
          pb: { xs: 0.5, sm: 0 },
          '& > *': { flexShrink: 0 },
        }}
      >
        {REPORTS.map((report) => {
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
        {ability.can('read', 'Campaign') ? (
          <Button
            component={RouterLink}
            to={paths.campaigns.detail(campaign.id)}
            color="inherit"
            startIcon={<IconExternalLink size={18} aria-hidden />}
          >
            {t('frame.openCampaign')}
          </Button>
        ) : null}
      </Stack>
      {children}
    </PageContainer>
  );
}
