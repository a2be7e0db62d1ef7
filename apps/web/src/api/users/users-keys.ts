import type { ListUsersQuery } from '@sms/contracts/users';

/** Query keys of users (accounts, the setup status); invalidating `usersKeys.all` refreshes every list and detail. */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (query: ListUsersQuery) => [...usersKeys.lists(), query] as const,
  detail: (id: string) => [...usersKeys.all, 'detail', id] as const,
  /** Accounts matching a search, for pickers (the audit log's actor filter). */
  search: (search: string) => [...usersKeys.all, 'search', search] as const,
  /** GET /api/users/setup-status (public). */
  setupStatus: () => [...usersKeys.all, 'setup-status'] as const,
};
