import type { MessagingSettings } from '@sms/contracts/messaging-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** PUT /api/settings/messaging (admins): any subset. */
export const updateMessagingSettings = async (body: Partial<MessagingSettings>): Promise<MessagingSettings> =>
  (await apiPut<{ settings: MessagingSettings }>('/api/settings/messaging', body)).settings;

/** Saves the messaging defaults; the composer reads the new ones at once. */
export function useUpdateMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessagingSettings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.messaging(), settings),
  });
}
