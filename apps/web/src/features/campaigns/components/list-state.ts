import { CAMPAIGN_SORT_FIELDS, CAMPAIGN_STATUSES, type CampaignStatus, type ListCampaignsQuery } from '@sms/contracts/campaigns';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
type SortField = (typeof CAMPAIGN_SORT_FIELDS)[number];

/** What the campaigns list shows, kept in the URL (`?status=sending&status=paused&search=…`). */
export interface CampaignsListState {
  /** Zero-based page index (the URL shows it one-based). */
  page: number;
  pageSize: number;
  search: string;
  statuses: CampaignStatus[];
  sort: SortField;
  order: 'asc' | 'desc';
}

export const DEFAULT_LIST_STATE: CampaignsListState = { page: 0, pageSize: 25, search: '', statuses: [], sort: 'createdAt', order: 'desc' };
const MAX_SEARCH = 200;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the list state from the query string; anything missing or invalid falls back to the default. */
export function parseListState(params: URLSearchParams): CampaignsListState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const statuses = params.getAll('status').filter((value): value is CampaignStatus => oneOf(CAMPAIGN_STATUSES, value) !== undefined);
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : DEFAULT_LIST_STATE.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_STATE.pageSize,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH),
    // In the contracts' order, once each, so equal filters make equal URLs and query keys.
    statuses: CAMPAIGN_STATUSES.filter((status) => statuses.includes(status)),
    sort: oneOf(CAMPAIGN_SORT_FIELDS, params.get('sort')) ?? DEFAULT_LIST_STATE.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_LIST_STATE.order,
  };
}

/** The query string for a list state; defaults are left out so plain /campaigns stays plain. */
export function listStateToParams(state: CampaignsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULT_LIST_STATE.page) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.search) params.set('search', state.search);
  for (const status of CAMPAIGN_STATUSES) if (state.statuses.includes(status)) params.append('status', status);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  return params;
}

/** The GET /api/campaigns query for a list state. */
export function listStateToApiQuery(state: CampaignsListState): ListCampaignsQuery {
  return {
    limit: state.pageSize,
    skip: state.page * state.pageSize,
    sort: state.sort,
    order: state.order,
    ...(state.search ? { search: state.search } : {}),
    ...(state.statuses.length > 0 ? { status: state.statuses } : {}),
  };
}

/** Applies a change; a new search, filter, sort or page size goes back to the first page. */
export function changeListState(state: CampaignsListState, patch: Partial<CampaignsListState>): CampaignsListState {
  const next = { ...state, ...patch };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const resetsPage = (['search', 'statuses', 'sort', 'order', 'pageSize'] as const).some((key) => key in patch && !same(patch[key], state[key]));
  return resetsPage && !('page' in patch && patch.page !== state.page) ? { ...next, page: 0 } : next;
}

/** Whether a search or status filter narrows the list. */
export const isFiltered = (state: CampaignsListState): boolean => state.search !== '' || state.statuses.length > 0;
