import type { ListUsersQuery } from '@sms/contracts/users';

/** Query keys of the users feature; invalidating `usersKeys.all` refreshes every list and detail. */
export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (query: ListUsersQuery) => [...usersKeys.lists(), query] as const,
  detail: (id: string) => [...usersKeys.all, 'detail', id] as const,
};
