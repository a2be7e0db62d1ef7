import { CONTACT_SORT_FIELDS, CONTACT_STATUSES, CONTACT_TAG_FIELDS, type ContactFilter, type ContactSortField, type ContactStatus, type ContactTagField, type ListContactsQuery } from '@sms/contracts/contacts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** What the contacts list shows, kept in the URL so back/forward and shared links restore it. */
export interface ContactsListState {
  /** Zero-based page index (the URL shows it one-based). */
  page: number;
  pageSize: number;
  search: string;
  tag1: string;
  tag2: string;
  tag3: string;
  status: ContactStatus | '';
  /** YYYY-MM-DD (inclusive), or ''. */
  createdFrom: string;
  /** YYYY-MM-DD (inclusive), or ''. */
  createdTo: string;
  sort: ContactSortField;
  order: 'asc' | 'desc';
}

/** The filter part of the state: what "apply to all matching" and the export send. */
export type ContactsFilter = Pick<ContactsListState, 'search' | 'tag1' | 'tag2' | 'tag3' | 'status' | 'createdFrom' | 'createdTo'>;
const FILTER_KEYS = ['search', 'tag1', 'tag2', 'tag3', 'status', 'createdFrom', 'createdTo'] as const satisfies ReadonlyArray<keyof ContactsFilter>;

export const DEFAULT_LIST_STATE: ContactsListState = {
  page: 0,
  pageSize: 25,
  search: '',
  tag1: '',
  tag2: '',
  tag3: '',
  status: '',
  createdFrom: '',
  createdTo: '',
  sort: 'createdAt',
  order: 'desc',
};
const MAX_TEXT_LENGTH = 200;
const MAX_TAG_LENGTH = 100;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** A real calendar date as YYYY-MM-DD, else ''. */
export function validDate(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : '';
}

/** Reads the list state from the query string; anything missing or invalid falls back to the default. */
export function parseListState(params: URLSearchParams): ContactsListState {
  const pageNumber = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const tag = (key: ContactTagField) => (params.get(key) ?? '').trim().slice(0, MAX_TAG_LENGTH);
  return {
    page: Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber - 1 : DEFAULT_LIST_STATE.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_STATE.pageSize,
    search: (params.get('search') ?? '').trim().slice(0, MAX_TEXT_LENGTH),
    tag1: tag('tag1'),
    tag2: tag('tag2'),
    tag3: tag('tag3'),
    status: oneOf(CONTACT_STATUSES, params.get('status')) ?? '',
    createdFrom: validDate(params.get('createdFrom')),
    createdTo: validDate(params.get('createdTo')),
    sort: oneOf(CONTACT_SORT_FIELDS, params.get('sort')) ?? DEFAULT_LIST_STATE.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_LIST_STATE.order,
  };
}

/** The query string for a list state; default values are left out so plain /contacts stays plain. */
export function listStateToParams(state: ContactsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULT_LIST_STATE.page) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set('pageSize', String(state.pageSize));
  for (const key of FILTER_KEYS) if (state[key]) params.set(key, state[key]);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  return params;
}

/** Start of a local day as an ISO instant (createdFrom), or the start of the next day (createdTo is inclusive). */
export function dayBoundary(date: string, endOfDay: boolean): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(year, month - 1, day + (endOfDay ? 1 : 0)).toISOString();
}

/** The filter as API query fields (empty ones left out; dates as instants bounding the user's local days). */
export function filterToApiQuery(filter: ContactsFilter): ContactFilter {
  const query: ContactFilter = {};
  if (filter.search) query.search = filter.search;
  for (const key of CONTACT_TAG_FIELDS) if (filter[key]) query[key] = filter[key];
  if (filter.status) query.status = filter.status;
  if (filter.createdFrom) query.createdFrom = dayBoundary(filter.createdFrom, false);
  if (filter.createdTo) query.createdTo = dayBoundary(filter.createdTo, true);
  return query;
}

/** Just the filter fields of a state. */
export const stateFilter = (state: ContactsListState): ContactsFilter => ({
  search: state.search,
  tag1: state.tag1,
  tag2: state.tag2,
  tag3: state.tag3,
  status: state.status,
  createdFrom: state.createdFrom,
  createdTo: state.createdTo,
});

/** The GET /api/contacts query for a list state (limit/skip from the page model). */
export function listStateToApiQuery(state: ContactsListState): ListContactsQuery {
  return { limit: state.pageSize, skip: state.page * state.pageSize, sort: state.sort, order: state.order, ...filterToApiQuery(stateFilter(state)) };
}

/** Whether any search or filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (state: ContactsListState): boolean => FILTER_KEYS.some((key) => state[key] !== '');

/** Every filter cleared, the rest kept. */
export const clearedFilters: ContactsFilter = { search: '', tag1: '', tag2: '', tag3: '', status: '', createdFrom: '', createdTo: '' };

/**
 * Applies a change; a new search, filter, sort or page size goes back to the first page
 * (the old page number would point into a different result).
 */
export function changeListState(state: ContactsListState, patch: Partial<ContactsListState>): ContactsListState {
  const next = { ...state, ...patch };
  const resetsPage = ([...FILTER_KEYS, 'sort', 'order', 'pageSize'] as const).some((key) => key in patch && patch[key] !== state[key]);
  return resetsPage && !('page' in patch && patch.page !== state.page) ? { ...next, page: 0 } : next;
}

/** The last page that has rows for `total` (page index stays 0 for an empty list). */
export const lastPage = (total: number, pageSize: number): number => Math.max(0, Math.ceil(total / pageSize) - 1);
