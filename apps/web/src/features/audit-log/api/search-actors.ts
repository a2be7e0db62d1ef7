import type { User, UserList } from '@sms/contracts/users';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { auditKeys } from './audit-keys';

/** GET /api/users?search=: accounts to pick as the actor filter (deleted accounts are filtered from an entry's panel instead). */
export const searchActors = (search: string, signal?: AbortSignal): Promise<User[]> =>
  apiGet<UserList>('/api/users', { params: { search: search || undefined, limit: 20, sort: 'name', order: 'asc' }, signal }).then(
    (list) => list.data,
  );

/** Accounts whose name or email contains `search`. */
export const useActorOptions = (search: string, enabled: boolean) =>
  useQuery({ queryKey: auditKeys.actors(search), queryFn: ({ signal }) => searchActors(search, signal), enabled, staleTime: 30_000 });
