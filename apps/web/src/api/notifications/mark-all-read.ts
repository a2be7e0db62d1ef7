import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** POST /api/notifications/read-all. */
export const markAllNotificationsRead = () => apiPost<{ unread: number }>('/api/notifications/read-all');

/** Marks every notification read, then refreshes the bell. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
