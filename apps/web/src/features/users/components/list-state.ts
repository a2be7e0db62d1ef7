import { ROLES, type Role } from '@sms/contracts/roles';
import { USER_SORT_FIELDS, USER_STATUSES, type ListUsersQuery, type UserStatus } from '@sms/contracts/users';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** What the users list shows, kept in the URL so back/forward and shared links restore it. */
export interface UsersListState {
  /** Zero-based page index (the URL shows it one-based). */
  page: number;
  pageSize: number;
  search: string;
  role: Role | '';
  status: UserStatus | '';
  sort: UserSortField;
  order: 'asc' | 'desc';
}

export const DEFAULT_LIST_STATE: UsersListState = { page: 0, pageSize: 10, search: '', role: '', status: '', sort: 'createdAt', order: 'desc' };
const MAX_SEARCH_LENGTH = 200;

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the list state from the query string; anything missing or invalid falls back to the default. */
export function parseListState(params: URLSearchParams): UsersListState {
  const pageNumber = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    page: Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber - 1 : DEFAULT_LIST_STATE.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_STATE.pageSize,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    role: oneOf(ROLES, params.get('role')) ?? '',
    status: oneOf(USER_STATUSES, params.get('status')) ?? '',
    sort: oneOf(USER_SORT_FIELDS, params.get('sort')) ?? DEFAULT_LIST_STATE.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_LIST_STATE.order,
  };
}

/** The query string for a list state; default values are left out so plain /users stays plain. */
export function listStateToParams(state: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULT_LIST_STATE.page) params.set('page', String(state.page + 1));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set('pageSize', String(state.pageSize));
  if (state.search) params.set('search', state.search);
  if (state.role) params.set('role', state.role);
  if (state.status) params.set('status', state.status);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  return params;
}

/** The GET /api/users query for a list state (limit/skip from the page model). */
export function listStateToApiQuery(state: UsersListState): ListUsersQuery {
  return {
    limit: state.pageSize,
    skip: state.page * state.pageSize,
    sort: state.sort,
    order: state.order,
    ...(state.search ? { search: state.search } : {}),
    ...(state.role ? { role: state.role } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}

/** Whether any search or filter narrows the list (the empty state then offers to clear them). */
export const isFiltered = (state: UsersListState): boolean => Boolean(state.search || state.role || state.status);

/**
 * Applies a change; a new search, filter, sort or page size goes back to the first page
 * (the old page number would point into a different result).
 */
export function changeListState(state: UsersListState, patch: Partial<UsersListState>): UsersListState {
  const next = { ...state, ...patch };
  const resetsPage = (['search', 'role', 'status', 'sort', 'order', 'pageSize'] as const).some((key) => key in patch && patch[key] !== state[key]);
  return resetsPage && !('page' in patch && patch.page !== state.page) ? { ...next, page: 0 } : next;
}

/** The last page that has rows for `total` (page index stays 0 for an empty list). */
export const lastPage = (total: number, pageSize: number): number => Math.max(0, Math.ceil(total / pageSize) - 1);
