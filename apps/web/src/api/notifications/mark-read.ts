import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** POST /api/notifications/{id}/read. */
export const markNotificationRead = (id: string) => apiPost<{ unread: number }>(`/api/notifications/${encodeURIComponent(id)}/read`);

/** Marks one notification read, then refreshes the bell. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
