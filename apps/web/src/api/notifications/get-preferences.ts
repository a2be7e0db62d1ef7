import type { NotificationPreferencesResponse } from '@sms/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** GET /api/notifications/preferences. */
export const getNotificationPreferences = (signal?: AbortSignal) =>
  apiGet<NotificationPreferencesResponse>('/api/notifications/preferences', { signal });

/** Which notifications I want, per kind my role receives. */
export function useNotificationPreferences() {
  return useQuery({ queryKey: notificationKeys.preferences(), queryFn: ({ signal }) => getNotificationPreferences(signal) });
}
