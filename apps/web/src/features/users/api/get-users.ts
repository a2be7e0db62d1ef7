import type { ListUsersQuery, UserList } from '@sms/contracts/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { usersKeys } from './users-keys';

/** GET /api/users: one page of users (limit/skip) matching the search, filters and sort. */
export const getUsers = (query: ListUsersQuery, signal?: AbortSignal): Promise<UserList> =>
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
