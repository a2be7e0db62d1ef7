import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { CampaignReport, ReportLink } from './report-links';

/** Set on the location by a tab, so the next report's frame gives the keyboard focus back to its tab. */
const FROM_TAB = 'reportTab';

export interface ReportTabsProps {
  campaignId: string;
  kind: CampaignReport;
  reports: readonly ReportLink[];
  /** The id of the panel the selected tab controls. */
  panelId: string;
  tabId: (kind: CampaignReport) => string;
}

/**
 * The reports of a campaign as tabs, on a phone: one scrollable row (wrapped buttons were
 * staggered). Each tab is a link to its report, so the selected tab follows the URL; the arrow
 * keys move between tabs and Enter opens one (manual activation: each report loads its data).
 */
export function ReportTabs({ campaignId, kind, reports, panelId, tabId }: ReportTabsProps) {
  const { t } = useTranslation('reports');
  const location = useLocation();
  const selected = useRef<HTMLAnchorElement>(null);
  const cameFromTab = (location.state as Record<string, unknown> | null)?.[FROM_TAB] === true;
  // Each report is its own route, so the tabs are new after a switch: keep the keyboard where it was.
  useEffect(() => {
    if (cameFromTab) selected.current?.focus();
  }, [cameFromTab]);
  return (
    <Tabs
      value={kind}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('frame.otherReports')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {reports.map(({ kind: report, to, icon: Icon }) => (
        <Tab
          key={report}
          value={report}
          component={RouterLink}
          to={to(campaignId)}
          state={{ [FROM_TAB]: true }}
          ref={report === kind ? selected : undefined}
          id={tabId(report)}
          aria-controls={report === kind ? panelId : undefined}
          label={t(`kinds.${report}`)}
          icon={<Icon size={18} aria-hidden />}
          iconPosition="start"
          sx={{ minHeight: 48 }}
        />
      ))}
    </Tabs>
  );
}
