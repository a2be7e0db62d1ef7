import { CAMPAIGN_STATUSES, type CampaignStatus } from '@sms/contracts/campaigns';
import { REPORT_CAMPAIGN_SORTS, type ReportCampaignsQuery } from '@sms/contracts/reports';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type ReportCampaignSort = (typeof REPORT_CAMPAIGN_SORTS)[number];

/** Statuses a launched campaign can have (drafts never appear in reports). */
export const REPORT_STATUSES: readonly CampaignStatus[] = CAMPAIGN_STATUSES.filter((status) => status !== 'draft');

/** What /reports shows, kept in the URL (`?search=…&status=completed&sort=repliedPct&order=asc&page=2`). */
export interface ReportsListState {
  /** Zero-based page index (the URL shows it one-based). */
  page: number;
  pageSize: number;
  search: string;
  status: CampaignStatus | '';
  sort: ReportCampaignSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_REPORTS_STATE: ReportsListState = { page: 0, pageSize: 25, search: '', status: '', sort: 'launchedAt', order: 'desc' };

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the list state from the query string; anything missing or invalid falls back to the default. */
export function parseReportsState(params: URLSearchParams): ReportsListState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : DEFAULT_REPORTS_STATE.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_REPORTS_STATE.pageSize,
    search: (params.get('search') ?? '').trim().slice(0, 200),
    status: oneOf(REPORT_STATUSES, params.get('status')) ?? '',
    sort: oneOf(REPORT_CAMPAIGN_SORTS, params.get('sort')) ?? DEFAULT_REPORTS_STATE.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_REPORTS_STATE.order,
  };
}

/** The query string for a state; defaults are left out so plain /reports stays plain. */
export function reportsStateToParams(state: ReportsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULT_REPORTS_STATE.page) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_REPORTS_STATE.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.search) params.set('search', state.search);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_REPORTS_STATE.sort || state.order !== DEFAULT_REPORTS_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  return params;
}

/** Applies a change; a new search, status, sort or page size goes back to the first page. */
export function changeReportsState(state: ReportsListState, patch: Partial<ReportsListState>): ReportsListState {
  const next = { ...state, ...patch };
  const resetsPage = (['search', 'status', 'sort', 'order', 'pageSize'] as const).some((key) => key in patch && patch[key] !== state[key]);
  return resetsPage && !('page' in patch && patch.page !== state.page) ? { ...next, page: 0 } : next;
}

/** The filter part of the API query (also what the export takes). */
export const reportsFilter = (state: ReportsListState): Pick<ReportCampaignsQuery, 'search' | 'status'> => ({
  ...(state.search ? { search: state.search } : {}),
  ...(state.status ? { status: state.status } : {}),
});

/** GET /api/reports/campaigns for a state. */
export const reportsStateToQuery = (state: ReportsListState): ReportCampaignsQuery => ({
  limit: state.pageSize,
  skip: state.page * state.pageSize,
  sort: state.sort,
  order: state.order,
  ...reportsFilter(state),
});
