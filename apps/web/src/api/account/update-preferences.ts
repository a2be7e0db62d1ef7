import type { UpdatePreferencesBody } from '@sms/contracts/preferences';
import type { UserResponse } from '@sms/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';

/** PUT /api/users/me/preferences. */
export const updatePreferences = (body: UpdatePreferencesBody): Promise<UserResponse> =>
  apiPut<UserResponse>('/api/users/me/preferences', body);

/** Saves display preferences to the account and refreshes the signed-in user. */
export function useUpdatePreferences() {
  const { refreshUser } = useAuth();
  return useMutation({ mutationFn: updatePreferences, onSuccess: () => refreshUser().catch(() => undefined) });
}
