import { IconChartBar, IconTags, IconUserQuestion } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import type { ReportKind } from '../../../api/reports/export-report';

/** The reports of one campaign (the list of campaigns is not one). */
export type CampaignReport = Exclude<ReportKind, 'campaigns'>;

export interface ReportLink {
  kind: CampaignReport;
  to: (id: string) => string;
  icon: typeof IconChartBar;
}

/** A campaign's reports, in the order the frame offers them (buttons on wide screens, tabs on a phone). */
export const CAMPAIGN_REPORTS: readonly ReportLink[] = [
  { kind: 'delivery', to: paths.reports.delivery, icon: IconChartBar },
  { kind: 'tag1-grouped', to: paths.reports.tag1Grouped, icon: IconTags },
  { kind: 'non-responders', to: paths.reports.nonResponders, icon: IconUserQuestion },
];
