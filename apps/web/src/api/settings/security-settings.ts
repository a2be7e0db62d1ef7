import type { SecuritySettingsResponse, UpdateSecuritySettingsBody } from '@sms/contracts/security-settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../lib/api-client';
import { usersKeys } from '../users/users-keys';
import { settingsKeys } from './settings-keys';

/** GET /api/settings/security (admins). */
export const getSecuritySettings = (): Promise<SecuritySettingsResponse> => apiGet<SecuritySettingsResponse>('/api/settings/security');

/** PUT /api/settings/security: any subset. */
export const updateSecuritySettings = (body: UpdateSecuritySettingsBody): Promise<SecuritySettingsResponse> =>
  apiPut<SecuritySettingsResponse>('/api/settings/security', body);

export const securitySettingsQueryOptions = () => queryOptions({ queryKey: settingsKeys.security(), queryFn: getSecuritySettings });

export const useSecuritySettings = () => useQuery(securitySettingsQueryOptions());

/** Saves; the cached settings and the sign-in pages' status (registration, password length) follow. */
export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData(securitySettingsQueryOptions().queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: usersKeys.setupStatus() });
    },
  });
}
