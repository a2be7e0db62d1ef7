import type { NotificationPreferences, NotificationPreferencesResponse } from '@sms/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** PUT /api/notifications/preferences: the kinds sent change, the others keep their choice. */
export const saveNotificationPreferences = (body: NotificationPreferences) =>
  apiPut<NotificationPreferencesResponse>('/api/notifications/preferences', body);

/** Saves a choice and keeps the answer as the cached preferences. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (answer) => queryClient.setQueryData(notificationKeys.preferences(), answer),
  });
}
