import type { Notification } from '@sms/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { notificationKeys } from './notification-keys';

export interface NotificationList {
  data: Notification[];
  unread: number;
}

/** GET /api/notifications: my latest notifications and the unread count. */
export const getNotifications = (signal?: AbortSignal) => apiGet<NotificationList>('/api/notifications?limit=20', { signal });

/** The bell's list and count: refreshed by the live stream, else every minute. */
export function useNotifications(live: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: live ? false : 60_000,
  });
}
