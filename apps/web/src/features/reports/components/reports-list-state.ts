import { CAMPAIGN_STATUSES, type CampaignStatus } from '@sms/contracts/campaign-statuses';
import { REPORT_CAMPAIGN_SORTS } from '@sms/contracts/report-fields';
import type { ReportCampaignsQuery } from '@sms/contracts/reports';
import { defineList } from '../../../lib/list-state/define-list';
import { sortedPageQuery, withoutEmpty } from '../../../lib/list-state/list-state';
import { choiceField, textField } from '../../../lib/list-state/url-fields';

/** Statuses a launched campaign can have (drafts and campaigns in review, decision 101, never appear in reports). */
export const REPORT_STATUSES: readonly CampaignStatus[] = CAMPAIGN_STATUSES.filter(
  (status) => status !== 'draft' && status !== 'in_review',
);

/** What /reports shows, kept in the URL (`?search=…&status=completed&sort=repliedPct&order=asc&page=2`). */
export const reportsList = defineList({
  pageSize: 25,
  filters: { search: textField(200), status: choiceField(REPORT_STATUSES) },
  sort: { fields: REPORT_CAMPAIGN_SORTS, sort: 'launchedAt', order: 'desc' },
});
export type ReportsListState = ReturnType<typeof reportsList.parse>;

/** The filter part of the API query (also what the export takes). */
export const reportsFilter = (state: ReportsListState): Pick<ReportCampaignsQuery, 'search' | 'status'> =>
  withoutEmpty({ search: state.search, status: state.status });

/** GET /api/reports/campaigns for a state. */
export const reportsApiQuery = (state: ReportsListState): ReportCampaignsQuery => ({ ...sortedPageQuery(state), ...reportsFilter(state) });
