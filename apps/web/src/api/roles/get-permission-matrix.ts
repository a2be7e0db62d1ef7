import type { PermissionMatrix } from '@sms/contracts/permission-matrix';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { rolesKeys } from './roles-keys';

/** GET /api/roles/permissions: every cell of the policy, who has it, and the operations that declare it (decision 080). */
export const getPermissionMatrix = (signal?: AbortSignal): Promise<PermissionMatrix> =>
  apiGet<PermissionMatrix>('/api/roles/permissions', { signal });

export const permissionMatrixQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.permissions(), queryFn: ({ signal }) => getPermissionMatrix(signal), staleTime: Infinity });

/** The roles page's matrix, as the server's routes declare it. */
export const usePermissionMatrix = () => useQuery(permissionMatrixQueryOptions());
