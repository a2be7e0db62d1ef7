import type { User, UserResponse } from '@sms/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { usersKeys } from './users-keys';

/** GET /api/users/{id}. */
export const getUser = async (id: string, signal?: AbortSignal): Promise<User> =>
  (await apiGet<UserResponse>(`/api/users/${encodeURIComponent(id)}`, { signal })).user;

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: usersKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });

/** One user, for the detail and edit pages. */
export const useUser = (id: string) => useQuery(userQueryOptions(id));
