import type { ListUsersQuery, UserList } from '@sms/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/** GET /api/users: one page of users (limit/skip) matching the search, filters and sort. */
export const getUsers = (query: Partial<ListUsersQuery>, signal?: AbortSignal): Promise<UserList> =>
  apiGet<UserList>('/api/users', { params: query, signal });

/** The previous page stays on screen while the next one loads (no empty flash while paging). */
export const usersQueryOptions = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

/** One page of users for the users grid. */
export const useUsers = (query: ListUsersQuery) => useQuery(usersQueryOptions(query));

/** Accounts whose name or email contains `search`, by name (the audit log's actor filter; at most 20). */
export const useUserSearch = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: usersKeys.search(search),
    queryFn: async ({ signal }) => (await getUsers({ search: search || undefined, limit: 20, sort: 'name', order: 'asc' }, signal)).data,
    enabled,
    staleTime: 30_000,
  });
